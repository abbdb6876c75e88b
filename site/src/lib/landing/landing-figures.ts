import { INTL_LOCALES, type Locale } from "../../i18n/locales.ts";

/**
 * The landing page's figures (spec section 1's marketing claims), the operator's to keep true:
 * each is read from the environment when the site is built, the specification's value when unset
 * (README, "Configuration"). A bad value stops the build with a message naming the variable.
 */
export interface LandingFigures {
  /** Properties using Prijavko, shown as "500+". */
  properties: number;
  /** Guests registered, shown as "10.000+". */
  guests: number;
  /** Time saved on registrations, in percent. */
  timeSavedPercent: number;
  /** Hosts' rating out of 5, to one decimal. */
  rating: number;
}

/** Each figure's variable, its default (the specification's claim) and its bounds. */
export const LANDING_FIGURE_SETTINGS = {
  properties: { variable: "LANDING_PROPERTIES", default: 500, max: 10_000_000, decimals: 0 },
  guests: { variable: "LANDING_GUESTS", default: 10_000, max: 1_000_000_000, decimals: 0 },
  timeSavedPercent: { variable: "LANDING_TIME_SAVED_PERCENT", default: 95, max: 100, decimals: 0 },
  rating: { variable: "LANDING_RATING", default: 4.9, max: 5, decimals: 1 },
} as const satisfies Record<
  keyof LandingFigures,
  { variable: string; default: number; max: number; decimals: number }
>;

/** The figures from `env` (unset or empty: the default); throws naming a variable that is bad. */
export function landingFigures(env: Record<string, string | undefined>): LandingFigures {
  const figures = {} as LandingFigures;
  for (const [key, setting] of Object.entries(LANDING_FIGURE_SETTINGS)) {
    const raw = env[setting.variable]?.trim() ?? "";
    const pattern = setting.decimals === 0 ? /^\d+$/ : /^\d+(\.\d)?$/;
    const value = raw === "" ? setting.default : Number(raw);
    if ((raw !== "" && !pattern.test(raw)) || value > setting.max) {
      const what = setting.decimals === 0
        ? "a whole number"
        : "a number with at most one decimal (a dot: 4.9)";
      throw new Error(
        `${setting.variable} must be ${what} from 0 to ${setting.max}, got "${raw}"`,
      );
    }
    figures[key as keyof LandingFigures] = value;
  }
  return figures;
}

/** The figures as the landing page shows them in `lang`: numbers in its format. */
export function formatLandingFigures(figures: LandingFigures, lang: Locale) {
  const locale = INTL_LOCALES[lang];
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return {
    properties: whole.format(figures.properties),
    guests: whole.format(figures.guests),
    timeSaved: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 })
      .format(figures.timeSavedPercent / 100),
    rating: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
      .format(figures.rating),
  };
}
