// @ts-types="./html-escaper.d.ts"
import { escape } from "html-escaper";

/** A tagged template for HTML pages: every interpolated value is escaped (& < > ' "). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce(
    (page, text, index) =>
      page + text + (index < values.length ? escape(String(values[index] ?? "")) : ""),
    "",
  );
}
