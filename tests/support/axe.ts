import type { Page } from "playwright-core";

const AXE = new URL("../../node_modules/axe-core/axe.min.js", import.meta.url).pathname;

/**
 * axe-core's critical and serious findings on the whole page ("rule: targets"), run as the
 * browser's devtools would: the page's Content-Security-Policy allows no added script tag.
 */
export async function seriousAxeIssues(page: Page, selector = "body"): Promise<string[]> {
  await page.evaluate(await Deno.readTextFile(AXE));
  return await page.evaluate(async (root) => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const { violations } = await axe.run(document.querySelector(root), {
      resultTypes: ["violations"],
    });
    return violations
      .filter((v: { impact: string }) => v.impact === "critical" || v.impact === "serious")
      .map((v: { id: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
      );
  }, selector);
}
