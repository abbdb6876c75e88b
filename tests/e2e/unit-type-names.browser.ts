/**
 * Issue 19 item 10 in the host app: units mirrored from eVisitor carry eVisitor's unit type names;
 * a unit whose type eVisitor does not resolve shows a name of its own (its facility's), never
 * "Smještajna jedinica N"; a unit the host renamed shows its type beside the name.
 */
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { screenshot } from "../support/browser.ts";
import { e2eSession, waitForSynced } from "../support/e2e.ts";
import { sharedStack } from "../support/shared-stack.ts";
import type { TestStack } from "../support/stack.ts";

let stack: TestStack;
let browser: Browser;
const HOST = "vila.lavanda@example.com";
const EVISITOR = { username: "44444444444.api", password: "Test-Lozinka-4" };

const unit = (n: number, typeId: string, equivalentUnits = 1) => ({
  id: `c4000000-0000-4000-8000-00000000000${n}`,
  typeId,
  beds: 4,
  extraBeds: 0,
  equivalentUnits,
  sequence: n,
});

Deno.test({
  name: "browser: units show eVisitor's unit type names, or a name of their own",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    ({ stack, browser } = await sharedStack());
    const { newContext, registerAndLogIn, inEveryLook } = e2eSession(stack, browser);
    await stack.evisitor.control.addHost({
      ...EVISITOR,
      facilities: [{
        code: "0004444",
        name: "Vila Lavanda",
        unitTypes: [
          { id: "a4000000-0000-4000-8000-000000000001", nameCode: "Apartman" },
          { id: "a4000000-0000-4000-8000-000000000002", nameCode: "Studio apartman" },
        ],
        units: [
          unit(1, "a4000000-0000-4000-8000-000000000001", 2),
          unit(2, "a4000000-0000-4000-8000-000000000002"),
          // A type the facility's type list does not hold.
          unit(3, "a4000000-0000-4000-8000-0000000000ff"),
        ],
      }],
    });

    await t.step("the host connects the account and sees the type names", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await registerAndLogIn(page, HOST);
      await page.goto("/app/povezani-racuni");
      await page.getByRole("button", { name: "Poveži račun" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Poveži eVisitor račun" });
      await dialog.getByLabel("Korisničko ime").fill(EVISITOR.username);
      await dialog.getByLabel("Lozinka", { exact: true }).fill(EVISITOR.password);
      await dialog.getByRole("button", { name: "Provjeri i poveži" }).click();
      await dialog.waitFor({ state: "detached" });
      await waitForSynced(page);

      await page.goto("/app/objekti");
      const property = page.getByRole("article", { name: "Vila Lavanda" });
      const units = property.getByRole("listitem");
      await units.first().waitFor();
      const names = await units.locator("p.font-semibold").allTextContents();
      assert.deepEqual(names, ["Apartman 1", "Apartman 2", "Studio apartman", "Vila Lavanda"]);
      assert.ok(names.every((name) => !name.startsWith("Smještajna jedinica")));

      // Renamed by the host, the unit still says what it is.
      await property.getByRole("button", { name: "Uredi Apartman 2" }).click();
      const edit = page.getByRole("dialog").filter({ hasText: "Spremi jedinicu" });
      await edit.getByLabel("Naziv", { exact: true }).fill("Apartman s pogledom");
      await edit.getByRole("button", { name: "Spremi jedinicu" }).click();
      await page.getByText("Smještajna jedinica Apartman s pogledom je spremljena.").waitFor();
      const renamed = units.filter({ hasText: "Apartman s pogledom" });
      await renamed.getByText(/Vrsta: Apartman · Kôd/).waitFor();
      // A name that already says its type does not repeat it.
      assert.equal(await units.filter({ hasText: "Vrsta:" }).count(), 1);
      await context.close();
    });

    await t.step("the units look right on a phone and a desktop, light and dark", async () => {
      await inEveryLook(HOST, async (page, { suffix }) => {
        await page.goto("/app/objekti");
        await page.getByText("Apartman s pogledom").filter({ visible: true }).first().waitFor();
        await screenshot(page, `unit-type-names-${suffix}`);
      });
    });
  },
});
