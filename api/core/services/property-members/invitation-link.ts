/** Where an invitation link leads: the app's page that accepts it (after sign-in or sign-up). */
export const INVITATION_PATH = "/app/pozivnica";

export function invitationUrl(publicUrl: string, code: string): string {
  return `${publicUrl}${INVITATION_PATH}?code=${encodeURIComponent(code)}`;
}
