import { useEffect, useState } from "react";
import { LOGO_MARKUP } from "../../icons/logo.ts";
import type { CheckinLanguage } from "../../i18n/checkin/languages.ts";
import { chooseTheme } from "../../lib/theme/preference.ts";
import { Icon } from "./CheckinIcon.tsx";
import { useTranslator } from "./i18n-context.ts";
import { LanguageMenu } from "./LanguageMenu.tsx";

export const PRODUCT_NAME = "Prijavko";

interface CheckinHeaderProps {
  onLanguage: (lang: CheckinLanguage) => void;
  /** A language is being fetched: the menu waits. */
  switching: boolean;
}

/** The page's own small header: product name, language, light or dark. No app shell. */
export function CheckinHeader({ onLanguage, switching }: CheckinHeaderProps) {
  return (
    <header className="border-b border-border bg-surface">
      <div className="mx-auto flex h-16 max-w-3xl items-center gap-2 px-4">
        <span className="mr-auto flex items-center gap-2 text-lg font-bold tracking-tight">
          <svg
            className="size-8"
            viewBox="0 0 32 32"
            aria-hidden="true"
            focusable="false"
            dangerouslySetInnerHTML={{ __html: LOGO_MARKUP }}
          />
          {PRODUCT_NAME}
        </span>
        <LanguageMenu onLanguage={onLanguage} switching={switching} />
        <ThemeToggle />
      </div>
    </header>
  );
}

/** Light or dark for this page (stored like the site's own theme choice). */
function ThemeToggle() {
  const { t } = useTranslator();
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const read = () => setDark(document.documentElement.dataset.theme === "dark");
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.documentElement, { attributeFilter: ["data-theme"] });
    return () => observer.disconnect();
  }, []);
  return (
    <button
      type="button"
      aria-pressed={dark}
      title={t("theme.dark")}
      onClick={() => chooseTheme(dark ? "DefaultTheme" : "DarkTheme")}
      className="grid size-11 shrink-0 place-items-center rounded-xl border border-border text-fg-muted hover:bg-surface-muted hover:text-fg"
    >
      <Icon name={dark ? "moon" : "sun"} className="size-5" />
      <span className="sr-only">{t("theme.dark")}</span>
    </button>
  );
}
