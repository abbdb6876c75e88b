import type { UserSettings } from "@shared/schemas/user-settings.ts";
import { getAccountInfo, getUserSettings } from "../api/account.ts";
import { hasLanguagePreference, storeLanguagePreference } from "../state/language-preference.ts";
import { chooseTheme } from "../theme/preference.ts";
import { setSession, storedSession } from "./session-state.ts";
import { storeAccount } from "./stored-session.ts";

/**
 * Reads the account info again after a change the shell shows (the profile's name in the menu
 * and greeting, a deletion scheduled or cancelled) and puts it in the page's session.
 */
export async function refreshAccount(): Promise<void> {
  storeAccount(await getAccountInfo());
  setSession(storedSession());
}

/** This browser follows the settings saved on the server: the theme now, the language too. */
export function applyUserSettings(settings: UserSettings): void {
  if (!settings.theme) return;
  chooseTheme(settings.theme);
  storeLanguagePreference(settings.language);
}

/**
 * At sign-in: once the host has saved the settings page, every browser they sign in on takes its
 * theme and language; before that, each browser keeps its own, and one that has none yet (a
 * fresh browser) takes the account's language, the one chosen at registration and used by the
 * e-mails.
 */
export async function applySavedSettings(): Promise<void> {
  try {
    const settings = await getUserSettings();
    if (settings.theme) applyUserSettings(settings);
    else if (!hasLanguagePreference()) storeLanguagePreference(settings.language);
  } catch {
    // The browser's own choices stay; nothing is lost.
  }
}
