import { useEffect, useRef, useState } from "react";
import { ExternalAccountStatus } from "@shared/enums.ts";
import type { ExternalAccount } from "@shared/schemas/external-account.ts";
import {
  deleteExternalAccount,
  type ExternalAccountSortField,
  listExternalAccounts,
  provisionExternalAccount,
} from "../../lib/api/external-accounts.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ListCount } from "../../ui/ListCount.tsx";
import { SearchField } from "../../ui/SearchField.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";
import { ListShell } from "../../shell/ListShell.tsx";
import { lastErrorText } from "./account-problems.ts";
import { AccountDialog, type AccountDialogTarget } from "./AccountDialog.tsx";
import { isProvisioning } from "./AccountStatus.tsx";
import { AccountTable } from "./AccountTable.tsx";

const PAGE_SIZE = 20;
/** While a sync runs the list is read again this often, and not at all otherwise. */
const POLL_MS = 3_000;
/**
 * A freshly connected or edited account waits (Created, Edited) until the sync picks it up; it is
 * watched for this long, so the list does not poll forever when no sync ever starts.
 */
const WATCH_NEW_MS = 2 * 60_000;

type Confirmation = { kind: "edit" | "delete"; account: ExternalAccount; open: boolean };

/**
 * The accounts page's content: search, the table, create / sync / edit / delete, and polling while
 * a sync runs, with a snackbar for every outcome (spec section 8), including a sync that ends.
 */
export function AccountList() {
  const { t, lang } = useTranslation();
  const [sortBy, setSortBy] = useState<ExternalAccountSortField>("created");
  const list = usePagedList({
    load: ({ pageNumber, searchTerm, signal }) =>
      listExternalAccounts(
        { pageNumber, pageSize: PAGE_SIZE, sortBy, searchValue: searchTerm },
        signal,
      ),
    deps: [sortBy],
    onFailed: (error) =>
      notify(
        t("externalAccounts.toast.loadFailed", { reason: describeApiError(t, error) }),
        { color: "error" },
      ),
  });
  const {
    search,
    setSearch,
    searchTerm,
    pageNumber,
    setPageNumber,
    load,
    page,
    isLoading,
    reload,
    refresh,
    reloadAfterRemoval,
    updateItems,
  } = list;
  const [pollRound, setPollRound] = useState(0);
  const [syncingId, setSyncingId] = useState<string>();
  const [dialog, setDialog] = useState<{ open: boolean; target: AccountDialogTarget; key: number }>(
    { open: false, target: { mode: "create" }, key: 0 },
  );
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const [isDeleting, setDeleting] = useState(false);
  /** Accounts connected, edited or synced from this page: id → until when they are watched. */
  const watched = useRef(new Map<string, number>());
  /** Each account as last shown, to tell when its sync has ended. */
  const lastSeen = useRef(new Map<string, ExternalAccount>());

  const loaded = load.status === "loaded" ? load.page : undefined;

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
  }, [loaded, pageNumber, searchTerm, sortBy, pollRound]);

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
          { color: "error" },
        );
      } else {
        notify(t("externalAccounts.toast.synced", { username: account.username }), {
          color: "success",
        });
      }
    }
  }, [loaded]);

  function watch(account: ExternalAccount) {
    watched.current.set(account.id, Date.now() + WATCH_NEW_MS);
    lastSeen.current.set(account.id, account);
  }

  function replaceAccount(account: ExternalAccount) {
    updateItems((items) => items.map((item) => item.id === account.id ? account : item));
  }

  function sortOn(field: ExternalAccountSortField) {
    setSortBy((current) => current === field ? "created" : field);
    setPageNumber(1);
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

  async function remove(account: ExternalAccount) {
    setDeleting(true);
    try {
      await deleteExternalAccount(account.id);
      notify(t("externalAccounts.toast.deleted", { username: account.username }), {
        color: "success",
      });
      reloadAfterRemoval();
    } catch (error) {
      notify(
        t("externalAccounts.toast.deleteFailed", { reason: describeApiError(t, error) }),
        { color: "error" },
      );
    } finally {
      setDeleting(false);
      closeConfirmation();
    }
  }

  function openDialog(target: AccountDialogTarget) {
    setDialog((current) => ({ open: true, target, key: current.key + 1 }));
  }

  function closeConfirmation() {
    setConfirmation((current) => current && { ...current, open: false });
  }

  function handleConfirm() {
    if (!confirmation) return;
    if (confirmation.kind === "delete") {
      void remove(confirmation.account);
    } else {
      closeConfirmation();
      openDialog({ mode: "edit", account: confirmation.account });
    }
  }

  const hasNone = page !== undefined && page.totalCount === 0 && searchTerm === "" && search === "";

  return (
    <div className="mt-8 space-y-5">
      {!hasNone && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <SearchField
            label={t("externalAccounts.search")}
            placeholder={t("externalAccounts.searchPlaceholder")}
            value={search}
            onChange={setSearch}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-end">
            <ListCount
              t={t}
              isLoading={isLoading && page !== undefined}
              count={load.status === "loaded"
                ? translatePlural(lang, "externalAccounts.count", load.page.totalCount)
                : undefined}
            />
            <Button onClick={() => openDialog({ mode: "create" })}>
              <Icon name="plus" className="size-5" />
              {t("externalAccounts.create")}
            </Button>
          </div>
        </div>
      )}

      <ListShell
        t={t}
        lang={lang}
        list={list}
        pageSize={PAGE_SIZE}
        isEmpty={hasNone}
        empty={
          <EmptyState
            icon="link"
            title={t("externalAccounts.emptyTitle")}
            text={t("externalAccounts.emptyText")}
            action={{
              label: t("externalAccounts.create"),
              icon: "plus",
              onClick: () => openDialog({ mode: "create" }),
            }}
          />
        }
      >
        {(page) => (
          <AccountTable
            t={t}
            lang={lang}
            accounts={page.items}
            sortBy={sortBy}
            isSearching={searchTerm !== ""}
            onSort={sortOn}
            syncingId={syncingId}
            onSync={sync}
            onEdit={(account) => setConfirmation({ kind: "edit", account, open: true })}
            onDelete={(account) => setConfirmation({ kind: "delete", account, open: true })}
          />
        )}
      </ListShell>

      <AccountDialog
        key={`account-dialog-${dialog.key}`}
        open={dialog.open}
        target={dialog.target}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        onSaved={(account) => {
          watch(account);
          setDialog((current) => ({ ...current, open: false }));
          reload();
        }}
      />

      <ConfirmDialog
        t={t}
        open={confirmation?.open ?? false}
        tone="danger"
        title={t(
          confirmation?.kind === "edit"
            ? "externalAccounts.editConfirmTitle"
            : "externalAccounts.deleteTitle",
        )}
        confirmLabel={t(
          confirmation?.kind === "edit"
            ? "externalAccounts.editConfirm"
            : "externalAccounts.deleteConfirm",
        )}
        busy={isDeleting}
        onConfirm={handleConfirm}
        onClose={closeConfirmation}
      >
        <p>
          {t(
            confirmation?.kind === "edit"
              ? "externalAccounts.editConfirmText"
              : "externalAccounts.deleteText",
            { username: confirmation?.account.username ?? "" },
          )}
        </p>
      </ConfirmDialog>
    </div>
  );
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
