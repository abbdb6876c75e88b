import { useEffect, useId, useState } from "react";
import type { IconName } from "../icons/shapes.ts";
import type { Translate } from "../i18n/translate.ts";
import {
  chooseTheme,
  readThemePreference,
  THEME_STORAGE_KEY,
  type ThemePreference,
  THEMES,
} from "../lib/theme/preference.ts";
import { Icon } from "../ui/Icon.tsx";

const ICONS: Record<ThemePreference, IconName> = {
  DefaultTheme: "sun",
  DarkTheme: "moon",
  AutoTheme: "monitor",
};

/**
 * The theme radio group of the app shell (Default, Dark, Auto); the island twin of
 * components/layout/ThemeSwitch.astro, with texts in the preferred language.
 */
export function ThemeSwitch({ t }: { t: Translate }) {
  const name = useId();
  const [theme, setTheme] = useState<ThemePreference>(readThemePreference);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setTheme(readThemePreference());
    };
    addEventListener("storage", onStorage);
    return () => removeEventListener("storage", onStorage);
  }, []);

  function choose(value: ThemePreference) {
    chooseTheme(value);
    setTheme(value);
  }

  return (
    <fieldset className="inline-flex shrink-0 items-center gap-0.5 rounded-full border border-border bg-surface p-0.5">
      <legend className="sr-only">{t("theme.label")}</legend>
      {THEMES.map((value) => (
        <label
          key={value}
          title={t(`theme.${value}`)}
          className="relative grid size-8 cursor-pointer mobile:size-11 place-items-center rounded-full text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg has-checked:bg-primary-soft has-checked:text-primary-soft-fg has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={value === theme}
            onChange={() => choose(value)}
            className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
          />
          <Icon name={ICONS[value]} className="size-[1.125rem]" />
          <span className="sr-only">{t(`theme.${value}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
