import type { IconName } from "../../icons/shapes.ts";
import type { TranslationKey } from "../../i18n/translate.ts";
import { ROUTES } from "./routes.ts";

export interface ProfileMenuLink {
  label: TranslationKey;
  href: string;
  icon: IconName;
}

/** Features announced on the coming-soon page, named by its `stranica` query parameter. */
export const COMING_SOON_FEATURES = {
  "povratne-informacije": "profileMenu.feedback",
} as const satisfies Record<string, TranslationKey>;

export type ComingSoonFeature = keyof typeof COMING_SOON_FEATURES;

export const COMING_SOON_PARAM = "stranica";

export function comingSoonPath(feature: ComingSoonFeature): string {
  return `${ROUTES.comingSoon}?${COMING_SOON_PARAM}=${feature}`;
}

/**
 * The profile menu of spec section 2 (logout and ending an impersonation are actions, added by
 * the menu). Items without a page yet lead to the coming-soon page.
 */
export const PROFILE_MENU: ProfileMenuLink[][] = [
  [
    { label: "profileMenu.profile", href: ROUTES.profile, icon: "user" },
    { label: "profileMenu.accountSettings", href: ROUTES.accountSettings, icon: "userCog" },
    { label: "profileMenu.settings", href: ROUTES.settings, icon: "settings" },
    { label: "profileMenu.privacyCenter", href: ROUTES.privacy, icon: "lock" },
    { label: "profileMenu.history", href: ROUTES.history, icon: "history" },
  ],
  [
    { label: "profileMenu.support", href: ROUTES.contact, icon: "lifeBuoy" },
    {
      label: "profileMenu.feedback",
      href: `${ROUTES.contact}#povratne-informacije`,
      icon: "megaphone",
    },
  ],
];
