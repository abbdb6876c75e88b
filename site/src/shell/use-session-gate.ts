import { useCallback, useEffect, useState } from "react";
import { useAtom } from "jotai";
import { getAccountInfo } from "../lib/api/account.ts";
import { isAdminPath, ROUTES } from "../lib/navigation/routes.ts";
import { currentLocation, loginUrl } from "../lib/session/return-url.ts";
import { ADMINISTRATOR_ROLE, sessionAtom, storedSession } from "../lib/session/session-state.ts";
import { storeAccount, USER_STORAGE_KEY } from "../lib/session/stored-session.ts";

export type Gate = "loading" | "failed" | "ready";

/**
 * Restores the session at the start of every protected page (spec sections 2 and 4): no stored
 * user sends the visitor to Login with this page as the return address; otherwise the account
 * info is refreshed (a cached copy lets the page show meanwhile), and the admin area sends users
 * without the Administrator role to the Dashboard. Nothing renders before that is settled.
 */
export function useSessionGate(): { gate: Gate; retry: () => void } {
  const [session, setSession] = useAtom(sessionAtom);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const needsAdministrator = isAdminPath(location.pathname);

  useEffect(() => {
    const found = storedSession();
    if (found.status === "signedOut") {
      location.replace(loginUrl(currentLocation()));
      return;
    }
    const controller = new AbortController();
    getAccountInfo(controller.signal)
      .then((account) => {
        storeAccount(account);
        setSession(storedSession());
      })
      .catch(() => {
        // Offline or a server error: a cached account keeps the page usable, otherwise say so.
        if (!controller.signal.aborted && found.status !== "signedIn") setFailed(true);
      });
    return () => controller.abort();
  }, [attempt, setSession]);

  // Signed out in another tab: this one follows.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_STORAGE_KEY && event.newValue === null) {
        location.replace(loginUrl(currentLocation()));
      }
    };
    addEventListener("storage", onStorage);
    return () => removeEventListener("storage", onStorage);
  }, []);

  const isSignedIn = session.status === "signedIn";
  const isAllowed = isSignedIn &&
    (!needsAdministrator || session.account.roles.includes(ADMINISTRATOR_ROLE));

  useEffect(() => {
    if (isSignedIn && !isAllowed) location.replace(ROUTES.dashboard);
  }, [isSignedIn, isAllowed]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((value) => value + 1);
  }, []);

  if (isAllowed) return { gate: "ready", retry };
  return { gate: failed ? "failed" : "loading", retry };
}
