import { Fragment, type ReactNode } from "react";
import { createElement } from "react";

/**
 * Puts elements into a translated sentence at its `{name}` placeholders, so word order stays the
 * translator's: withElements(t("x", { link: "{link}" }), { link: <a …/> }).
 */
export function withElements(text: string, elements: Record<string, ReactNode>): ReactNode {
  const parts = text.split(/\{(\w+)\}/);
  return parts.map((part, index) =>
    createElement(Fragment, { key: index }, index % 2 === 1 ? elements[part] ?? part : part)
  );
}
