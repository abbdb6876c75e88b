import { useEffect, useRef, useState } from "react";
import { ExternalAccountStatus } from "@shared/enums.ts";
import type { ExternalAccount } from "@shared/schemas/external-account.ts";
import { provisionExternalAccount } from "../../lib/api/external-accounts.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { ACCOUNT_TOPIC } from "./toast-topic.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import type { Paged } from "../../lib/api/paged.ts";
import { lastErrorText } from "../../lib/external-accounts/account-problems.ts";
import { isProvisioning } from "./AccountStatus.tsx";

/** While a sync runs the list is read again this often, and not at all otherwise. */
const POLL_MS = 3_000;
/**
 * A freshly connected or edited account waits (Created, Edited) until the sync picks it up; it is
 * watched for this long, so the list does not poll forever when no sync ever starts.
 */
const WATCH_NEW_MS = 2 * 60_000;

interface AccountSyncOptions {
  t: Translate;
  /** The page as loaded (not while the next one loads). */
  loaded: Paged<ExternalAccount> | undefined;
  /** Reads the page again quietly (usePagedList's `refresh`). */
  refresh: (signal: AbortSignal) => Promise<void>;
  /** Shows an account as the API returned it, without reading the page again. */
  replaceAccount: (account: ExternalAccount) => void;
  /** What else the page shown depends on (page, search, sort): a change restarts the polling. */
  deps: unknown[];
}

/**
 * Syncing the accounts with eVisitor: the sync action, polling the list while a sync runs (or is
 * about to), and a snackbar when a sync that was running or expected ends, well or not.
 */
export function useAccountSync({ t, loaded, refresh, replaceAccount, deps }: AccountSyncOptions) {
  const [pollRound, setPollRound] = useState(0);
  const [syncingId, setSyncingId] = useState<string>();
  /** Accounts connected, edited or synced from this page: id → until when they are watched. */
  const watched = useRef(new Map<string, number>());
  /** Each account as last shown, to tell when its sync has ended. */
  const lastSeen = useRef(new Map<string, ExternalAccount>());

  // Reads the list again every few seconds while a sync runs (or is about to), then stops.
  useEffect(() => {
    if (!loaded || !needsWatching(loaded.items, watched.current)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      refresh(controller.signal)
        .catch(() => {
          // A missed round is not worth a message: try again in a moment.
          if (!controller.signal.aborted) setPollRound((round) => round + 1);
        });
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [loaded, ...deps, pollRound]);

  // Says when a sync that was running (or expected) has ended, well or not.
  useEffect(() => {
    if (!loaded) return;
    for (const account of loaded.items) {
      const before = lastSeen.current.get(account.id);
      lastSeen.current.set(account.id, account);
      if (!before || !(isProvisioning(before) || watched.current.has(account.id))) continue;
      const hasEnded = !isProvisioning(account) &&
        (account.status === ExternalAccountStatus.Synchronized || account.lastError !== null);
      const hasChanged = before.status !== account.status ||
        before.lastError !== account.lastError || before.lastSyncedAt !== account.lastSyncedAt;
      if (!hasEnded || !hasChanged) continue;
      watched.current.delete(account.id);
      if (account.lastError) {
        notify(
          t("externalAccounts.toast.syncError", {
            username: account.username,
            reason: lastErrorText(t, account.lastError),
          }),
          { color: "error", topic: ACCOUNT_TOPIC },
        );
      } else {
        notify(t("externalAccounts.toast.synced", { username: account.username }), {
          color: "success",
          topic: ACCOUNT_TOPIC,
        });
      }
    }
  }, [loaded]);

  /** Follows an account just connected, edited or synced until its sync has ended. */
  function watch(account: ExternalAccount) {
    watched.current.set(account.id, Date.now() + WATCH_NEW_MS);
    lastSeen.current.set(account.id, account);
  }

  async function sync(account: ExternalAccount) {
    setSyncingId(account.id);
    try {
      const updated = await provisionExternalAccount(account.id);
      watch(updated);
      replaceAccount(updated);
      notify(t("externalAccounts.toast.syncStarted", { username: updated.username }), {
        color: "success",
      });
    } catch (error) {
      notify(
        t("externalAccounts.toast.syncFailed", { reason: describeApiError(t, error) }),
        { color: "error" },
      );
    } finally {
      setSyncingId(undefined);
    }
  }

  return {
    /** The account whose sync is being requested right now. */
    syncingId,
    sync,
    watch,
  };
}

/** Whether a sync runs, or one was just asked for and has not started yet. */
function needsWatching(accounts: ExternalAccount[], watched: Map<string, number>): boolean {
  const now = Date.now();
  for (const [id, until] of watched) if (until < now) watched.delete(id);
  return accounts.some((account) =>
    isProvisioning(account) ||
    (watched.has(account.id) && account.lastError === null &&
      account.status !== ExternalAccountStatus.Synchronized)
  );
}
