import { LOGO_MARKUP } from "../icons/logo.ts";
import type { Translate } from "../i18n/translate.ts";

interface BrandLinkProps {
  t: Translate;
  href: string;
  className: string;
  /** The size of the mark. */
  markClassName?: string;
  /** Classes of the name beside the mark (e.g. hiding it where the header is crowded). */
  nameClassName?: string;
}

/** Product mark and name linking home; screen readers hear it as the home link. */
export function BrandLink(
  { t, href, className, markClassName = "size-8", nameClassName }: BrandLinkProps,
) {
  return (
    <a href={href} className={className}>
      <svg
        className={markClassName}
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
        dangerouslySetInnerHTML={{ __html: LOGO_MARKUP }}
      />
      <span aria-hidden="true" className={nameClassName}>{t("site.name")}</span>
      <span className="sr-only">{t("header.homeLink")}</span>
    </a>
  );
}
