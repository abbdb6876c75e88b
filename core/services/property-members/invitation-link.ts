import { APP_ROUTES, inLanguage } from "@shared/app-routes.ts";

/** Where an invitation link leads: the app's page that accepts it (after sign-in or sign-up). */
export const INVITATION_PATH = APP_ROUTES.invitation;

/** The invitation's link, opening the page in the inviting host's language (`?jezik=en`). */
export function invitationUrl(publicUrl: string, code: string, language = "hr"): string {
  return `${publicUrl}${
    inLanguage(`${INVITATION_PATH}?code=${encodeURIComponent(code)}`, language)
  }`;
}
