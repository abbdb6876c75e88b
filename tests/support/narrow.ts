import type { Page } from "playwright-core";

/** The narrowest phone still sold (iPhone SE 1st gen., small Androids). */
export const NARROW = { width: 320, height: 700 };

/**
 * The phones the narrow walks look through: the narrowest (320 px) in light and dark, a common
 * Android (360 px) and a current iPhone (390 px) in light. These find different bugs; the dark
 * theme changes colours, not layout, so it is walked at one width only.
 */
export const PHONE_LOOKS: readonly { width: number; theme: "DefaultTheme" | "DarkTheme" }[] = [
  { width: 320, theme: "DefaultTheme" },
  { width: 320, theme: "DarkTheme" },
  { width: 360, theme: "DefaultTheme" },
  { width: 390, theme: "DefaultTheme" },
];

/** Whether the page scrolls sideways, and if so what sticks out past the window's right edge. */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const width = innerWidth;
    if (document.scrollingElement!.scrollWidth <= width) return [];
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      const right = el.getBoundingClientRect().right;
      const parent = el.parentElement!;
      if (right <= width + 0.5 || parent.getBoundingClientRect().right > width + 0.5) continue;
      culprits.push(`<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`);
    }
    return culprits.length > 0
      ? culprits
      : [`scrollWidth ${document.scrollingElement!.scrollWidth}`];
  });
}

/** Buttons, links and the segments of the language and theme switches (labels around a radio). */
export const TAP_TARGETS = "a[href], button, label:has(> input[type=radio])";

/**
 * What a finger cannot hit reliably (< 44 px) inside `roots`: the `targets` (inline links
 * excepted; with `loneLinks`, only those inside running text, not one standing alone in its
 * paragraph).
 */
export async function smallTargets(
  page: Page,
  { roots = "header, main, footer", targets = TAP_TARGETS, loneLinks = false } = {},
): Promise<string[]> {
  return await page.evaluate(({ roots, targets, loneLinks }) => {
    const found: string[] = [];
    for (
      const el of Array.from(document.querySelectorAll(roots)).flatMap((root) =>
        Array.from(root.querySelectorAll(targets))
      )
    ) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (el.tagName === "A" && getComputedStyle(el).display === "inline") {
        if (!loneLinks) continue;
        // Running text: the block the link stands in says more than the link.
        let block = el.parentElement!;
        while (getComputedStyle(block).display.startsWith("inline")) block = block.parentElement!;
        if (block.textContent!.trim() !== el.textContent!.trim()) continue;
      }
      if (box.width < 44 || box.height < 44) {
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "";
        found.push(`${name.slice(0, 40)} ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return [...new Set(found)];
  }, { roots, targets, loneLinks });
}

/**
 * Content cut off or scrolled out of sight: an element whose content is wider than it, neither
 * wrapped nor shortened with an ellipsis (a table in a sideways-scrolling frame, a figure clipped
 * by its card; screen-reader-only text, clipped to a pixel, aside).
 */
export async function clippedText(page: Page, within = "body"): Promise<string[]> {
  return await page.evaluate(
    (within) =>
      Array.from(document.querySelectorAll(within)).flatMap((root) =>
        [root, ...Array.from(root.querySelectorAll("*"))].filter((el) => {
          const style = getComputedStyle(el);
          return style.overflowX !== "visible" && style.textOverflow !== "ellipsis" &&
            el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1;
        }).map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class")}">`)
      ),
    within,
  );
}

/** Drop-downs whose chosen option is wider than the room it has, so its words are cut off. */
export async function cutSelects(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const measure = document.createElement("canvas").getContext("2d")!;
    return Array.from(document.querySelectorAll("select")).filter((select) => {
      if (select.clientWidth <= 1) return false;
      const style = getComputedStyle(select);
      measure.font = style.font;
      const text = select.selectedOptions[0]?.text ?? "";
      const room = select.clientWidth - parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight);
      return measure.measureText(text).width > room + 1;
    }).map((select) => `${select.name || select.id}: "${select.selectedOptions[0]?.text}"`);
  });
}
