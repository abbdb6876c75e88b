import { LOGO_MARKUP } from "../icons/logo.ts";
import type { Translate } from "../i18n/translate.ts";

interface BrandLinkProps {
  t: Translate;
  href: string;
  className: string;
  /** The size of the mark. */
  markClassName?: string;
}

/** Product mark and name linking home; screen readers hear it as the home link. */
export function BrandLink({ t, href, className, markClassName = "size-8" }: BrandLinkProps) {
  return (
    <a href={href} className={className}>
      <svg
        className={markClassName}
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
