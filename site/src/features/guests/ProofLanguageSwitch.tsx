import { useId } from "react";
import { PROOF_LANGUAGES, type ProofLanguage } from "../../lib/api/guests.ts";
import type { Translate } from "../../i18n/translate.ts";

/** Each language named in itself, as a guest looks for it. */
const NAMES: Record<ProofLanguage, string> = {
  hr: "Hrvatski",
  en: "English",
  de: "Deutsch",
  it: "Italiano",
};

interface ProofLanguageSwitchProps {
  t: Translate;
  value: ProofLanguage;
  onChange: (value: ProofLanguage) => void;
  /** The chosen language takes the focus when a dialog opens (its top stays in view). */
  autoFocus?: boolean;
}

/** The proof's language (hr, en, de, it) as a segmented group of native radio buttons. */
export function ProofLanguageSwitch(
  { t, value, onChange, autoFocus = false }: ProofLanguageSwitchProps,
) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t("guests.proof.language")}</legend>
      <div className="mt-1.5 grid grid-cols-4 gap-1 rounded-xl border border-border-strong/40 bg-surface-muted p-1 sm:inline-grid">
        {PROOF_LANGUAGES.map((language) => (
          <label
            key={language}
            lang={language}
            className="cursor-pointer rounded-lg px-1.5 py-1.5 mobile:py-3 sm:px-3 text-center text-sm font-semibold whitespace-nowrap text-fg-muted transition-colors hover:text-fg has-checked:bg-surface has-checked:text-primary has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={language}
              checked={value === language}
              onChange={() => onChange(language)}
              data-autofocus={autoFocus && value === language ? true : undefined}
              className="sr-only"
            />
            {NAMES[language]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
