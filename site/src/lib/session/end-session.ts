import { isAuthPage } from "../navigation/routes.ts";
import { loginUrl } from "./return-url.ts";
import { setSession } from "./session-state.ts";
import { clearStoredSession } from "./stored-session.ts";

/**
 * The session ended by itself (no refresh token, or the refresh was refused): forget it and go to
 * Login (spec section 8), remembering this page. The returned promise never settles: the page is
 * leaving, and the call that noticed should not show an error meanwhile.
 */
export function endSessionAndGoToLogin(): Promise<never> {
  clearStoredSession();
  setSession({ status: "signedOut" });
  const here = location.pathname + location.search;
  location.assign(isAuthPage(location.pathname) ? loginUrl() : loginUrl(here, { expired: true }));
  return new Promise<never>(() => {});
}
