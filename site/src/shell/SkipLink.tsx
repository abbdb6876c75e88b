import type { Translate } from "../i18n/translate.ts";

/** The first stop for keyboard users: straight to the page's content. */
export function SkipLink({ t }: { t: Translate }) {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-primary font-semibold text-primary-fg shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2 print:hidden"
    >
      {t("a11y.skipToContent")}
    </a>
  );
}
