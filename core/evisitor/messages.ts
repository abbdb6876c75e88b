/**
 * eVisitor's messages sometimes arrive as unresolved I18NFormatter nuggets, e.g.
 * `[[[Nije zadan ID.]]]` or `[[[Objekt %0 ne postoji.|||0012345]]]`; parameters may themselves be
 * marked `(((…)))` for translation. Hosts must see the plain text, and callers match on it.
 */
const NUGGET = /\[\[\[([\s\S]*?)\]\]\]/g;
const PARAM_MARK = /\(\(\(([\s\S]*?)\)\)\)/g;

export function cleanMessage(text: string): string {
  return text
    .replace(NUGGET, (_whole, inner: string) => {
      const [template, ...params] = inner.split("|||");
      return template.replace(
        /%(\d+)/g,
        (placeholder, index: string) => params[Number(index)] ?? placeholder,
      );
    })
    .replace(PARAM_MARK, "$1")
    .trim();
}
