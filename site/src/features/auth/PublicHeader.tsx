import { localePath } from "../../i18n/paths.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { BrandLink } from "../../shell/BrandLink.tsx";
import { LanguageSwitch } from "../../shell/LanguageSwitch.tsx";
import { ThemeSwitch } from "../../shell/ThemeSwitch.tsx";

/**
 * The header of the sign-in pages: the public site's header (components/layout/SiteHeader.astro)
 * with the language as a stored preference instead of a link to another URL.
 */
export function PublicHeader({ t, lang }: { t: Translate; lang: Locale }) {
  return (
    // Below 360 px the gaps narrow so both switches (44 px a button on phones) fit 320 px.
    <header className="border-b border-border bg-surface/85 backdrop-blur supports-[backdrop-filter]:bg-surface/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 max-[359px]:gap-1.5 max-[359px]:px-3 sm:px-6">
        <BrandLink
          t={t}
          href={localePath(lang)}
          className="mr-auto flex min-h-11 min-w-11 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight"
          // The language and theme switches need the room on a narrow phone (360 px), as on the
          // public site's header.
          nameClassName="max-[440px]:hidden"
        />
        <nav aria-label={t("header.navigation")} className="mobile:hidden">
          <a
            href={localePath(lang, "kontakt")}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg"
          >
            {t("header.contact")}
          </a>
        </nav>
        <LanguageSwitch />
        <ThemeSwitch t={t} />
      </div>
    </header>
  );
}
