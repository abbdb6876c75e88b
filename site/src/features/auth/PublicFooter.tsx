import { legalPath } from "@shared/legal/documents.ts";
import { localePath } from "../../i18n/paths.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";

const LINK =
  "rounded font-semibold text-fg underline-offset-4 hover:text-primary hover:underline mobile:inline-flex mobile:min-h-11 mobile:items-center";

/** The public site's footer (components/layout/SiteFooter.astro) in the preferred language. */
export function PublicFooter({ t, lang }: { t: Translate; lang: Locale }) {
  const year = new Date().getFullYear();
  const links: { key: TranslationKey; href: string }[] = [
    { key: "footer.contact", href: localePath(lang, "kontakt") },
    { key: "footer.terms", href: legalPath("terms", lang) },
    { key: "footer.privacy", href: legalPath("privacy", lang) },
    { key: "footer.dpa", href: legalPath("dpa", lang) },
  ];
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-fg-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          <span className="font-semibold text-fg">{t("footer.copyright", { year })}</span>
          <span className="mx-1" aria-hidden="true">·</span>
          {t("footer.madeFor")}
        </p>
        <nav aria-label={t("footer.navigation")}>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
            {links.map(({ key, href }) => (
              <li key={key}>
                <a href={href} className={LINK}>{t(key)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
