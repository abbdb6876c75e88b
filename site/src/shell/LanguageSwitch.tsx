import { useId } from "react";
import { useAtom } from "jotai";
import { languageAtom } from "../lib/state/language.ts";
import { LOCALES } from "../i18n/locales.ts";
import { translator } from "../i18n/translate.ts";

const SEGMENT =
  "relative grid h-8 min-w-9 cursor-pointer mobile:h-11 mobile:min-w-11 place-items-center rounded-full px-2 text-sm font-semibold text-fg-muted uppercase transition-colors hover:bg-surface-muted hover:text-fg has-checked:bg-primary-soft has-checked:text-primary-soft-fg has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring";

/**
 * The language of the host and admin areas (a stored preference, their URLs have none): two
 * radio buttons named in their own language, "Hrvatski" and "English".
 */
export function LanguageSwitch() {
  const [lang, setLang] = useAtom(languageAtom);
  const name = useId();
  const t = translator(lang);

  return (
    <fieldset className="inline-flex shrink-0 items-center gap-0.5 rounded-full border border-border bg-surface p-0.5">
      <legend className="sr-only">{t("language.label")}</legend>
      {LOCALES.map((locale) => (
        <label key={locale} lang={locale} title={t(`language.${locale}`)} className={SEGMENT}>
          <input
            type="radio"
            name={name}
            value={locale}
            checked={locale === lang}
            onChange={() =>
              setLang(locale)}
            className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
          />
          <span aria-hidden="true">{locale}</span>
          <span className="sr-only">{t(`language.${locale}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
