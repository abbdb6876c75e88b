import type { Page } from "playwright-core";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The UUIDs in a text (a PDF's, an e-mail's): ids that mean nothing to a host. */
export function rawIdsIn(text: string): string[] {
  return text.match(UUID) ?? [];
}

/**
 * The UUIDs a host can see or hear on the page, or in the part `within` selects: its visible text,
 * what is typed in its fields, and the names and tips of its elements (aria-label, title, alt), each
 * as "where: id". `allowed` ids (the spec's connected-accounts Id column) are left out.
 */
export async function rawIdsShown(
  page: Page,
  { within = "body", allowed = [] }: { within?: string; allowed?: string[] } = {},
): Promise<string[]> {
  const found = await page.evaluate((within) => {
    const texts: [string, string][] = [];
    for (const root of Array.from(document.querySelectorAll<HTMLElement>(within))) {
      texts.push(["text", root.innerText]);
      // A choice shows its option's label, not its value.
      for (const field of Array.from(root.querySelectorAll("input, textarea"))) {
        const input = field as HTMLInputElement;
        if (input.type !== "hidden") texts.push([`field ${input.name}`, input.value]);
      }
      for (const el of Array.from(root.querySelectorAll("[aria-label], [title], [alt]"))) {
        for (const name of ["aria-label", "title", "alt"]) {
          const value = el.getAttribute(name);
          if (value) texts.push([name, value]);
        }
      }
    }
    return texts;
  }, within);
  const allow = new Set(allowed.map((id) => id.toLowerCase()));
  return found.flatMap(([where, text]) =>
    rawIdsIn(text).filter((id) => !allow.has(id.toLowerCase())).map((id) => `${where}: ${id}`)
  );
}
