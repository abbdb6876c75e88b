import { LOGO_MARKUP } from "../../icons/logo.ts";
import type { Translate } from "../../i18n/translate.ts";

/** Product name and mark at the top of the sidebar, linking home. */
export function SidebarBrand({ t }: { t: Translate }) {
  return (
    <a
      href="/"
      className="m-3 flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-lg font-bold tracking-tight"
    >
      <svg
        className="size-8"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
        dangerouslySetInnerHTML={{ __html: LOGO_MARKUP }}
      />
      <span aria-hidden="true">{t("site.name")}</span>
      <span className="sr-only">{t("header.homeLink")}</span>
    </a>
  );
}
