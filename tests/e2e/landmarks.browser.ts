import assert from "node:assert/strict";
import { axeIssuesOf } from "../support/axe.ts";
import { VIEWPORTS } from "../support/browser.ts";
import { e2eSession } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";

/**
 * axe's `landmark-unique` (moderate, so not among seriousAxeIssues): two landmarks of one kind
 * need distinct accessible names, or a screen reader's landmark list shows the same entry twice.
 * Checked by name on the pages that had such twins, with a connected eVisitor account so their
 * lists are full, on a desktop and a phone.
 */
Deno.test({
  name: "browser: landmarks have distinct names",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { stack, browser } = await sharedStack();
    const session = e2eSession(stack, browser);
    const email = "orijentiri.domacin@example.com";
    {
      const page = await (await session.newContext()).newPage();
      await session.registerAndLogIn(page, email);
      await session.connectEVisitor(page);
      await page.context().close();
    }
    const found: string[] = [];
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const page = await (await session.newContext({ viewport })).newPage();
      await session.logInToDashboard(page, email);
      for (const path of ["/app/objekti", "/app/kalendari", "/app/pretplata"]) {
        await page.goto(path);
        await page.locator("#main h1").first().waitFor();
        await page.waitForLoadState("networkidle");
        for (const issue of await axeIssuesOf(page, ["landmark-unique"])) {
          found.push(`${path} ${viewport.width} px: ${issue}`);
        }
      }
      await page.context().close();
    }
    assert.deepEqual(found, []);
  },
});
