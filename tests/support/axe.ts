import type { Page } from "playwright-core";

const AXE = new URL("../../node_modules/axe-core/axe.min.js", import.meta.url).pathname;

/**
 * axe-core's critical and serious findings on `page` as "rule: targets", over the whole document
 * or only the element `within` selects (e.g. "main").
 */
export async function seriousAxeIssues(page: Page, within?: string): Promise<string[]> {
  // Run as the browser's devtools would: the page's Content-Security-Policy allows no added script.
  await page.evaluate(await Deno.readTextFile(AXE));
  return await page.evaluate(async (within) => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const { violations } = await axe.run(within ? document.querySelector(within) : document, {
      resultTypes: ["violations"],
    });
    return violations
      .filter((v: { impact: string }) => v.impact === "critical" || v.impact === "serious")
      .map((v: { id: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
      );
  }, within);
}

/** axe-core's findings of the rules named (whatever their impact) on the whole page. */
export async function axeIssuesOf(page: Page, rules: string[]): Promise<string[]> {
  await page.evaluate(await Deno.readTextFile(AXE));
  return await page.evaluate(async (rules) => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: "rule", values: rules },
      resultTypes: ["violations"],
    });
    return violations.map((v: { id: string; nodes: { target: string[] }[] }) =>
      `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
    );
  }, rules);
}
