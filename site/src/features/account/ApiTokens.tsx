import { useEffect, useId, useState } from "react";
import { SubscriptionStatus } from "@shared/enums.ts";
import { type ApiToken, type CreatedApiToken } from "@shared/schemas/api-token.ts";
import { listApiTokens, revokeApiToken } from "../../lib/api/api-tokens.ts";
import { getCurrentSubscription } from "../../lib/api/subscriptions.ts";
import { formatDateTime } from "../../lib/format/date-time.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { NewApiTokenDialog } from "./NewApiTokenDialog.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";
import { NewTokenForm } from "./NewApiTokenForm.tsx";

type Load =
  | { status: "loading" }
  | { status: "notIncluded" }
  | { status: "loaded"; tokens: ApiToken[] }
  | { status: "failed"; error: unknown };

/**
 * "API tokens" (Premium): make a personal token with a name, scopes and an optional expiry,
 * confirmed with the password (shown once, in a dialog with copy), see each token's last use,
 * revoke one. Plans without API access see why and the way to the plans; the server decides in the
 * end, on every request.
 */
export function ApiTokens() {
  const { t, lang } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<CreatedApiToken>();
  const [revoking, setRevoking] = useState<ApiToken>();
  const [isRevoking, setIsRevoking] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    (async () => {
      const subscription = await getCurrentSubscription(controller.signal);
      const allowed = !!subscription && subscription.status !== SubscriptionStatus.Cancelled &&
        subscription.policy.allowApiAccess;
      if (!allowed) return setLoad({ status: "notIncluded" });
      setLoad({ status: "loaded", tokens: await listApiTokens(controller.signal) });
    })().catch((error) => {
      if (!controller.signal.aborted) setLoad({ status: "failed", error });
    });
    return () => controller.abort();
  }, [attempt]);

  async function handleRevoke() {
    if (!revoking) return;
    setIsRevoking(true);
    try {
      await revokeApiToken(revoking.id);
      setLoad((previous) =>
        previous.status === "loaded"
          ? { ...previous, tokens: previous.tokens.filter((token) => token.id !== revoking.id) }
          : previous
      );
      notify(t("account.apiTokens.revoked", { name: revoking.name }), { color: "success" });
      setRevoking(undefined);
    } catch (error) {
      notify(t("account.apiTokens.revokeFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setIsRevoking(false);
    }
  }

  return (
    <SettingsSection
      icon="key"
      title={t("account.apiTokens.title")}
      description={t("account.apiTokens.description")}
    >
      {load.status === "loading" && (
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner className="size-4 text-primary" />
          {t("app.loading")}
        </p>
      )}
      {load.status === "failed" && (
        <LoadFailedNotice
          t={t}
          error={load.error}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {load.status === "notIncluded" && (
        <FormNotice
          tone="info"
          action={
            <a href={ROUTES.subscription} className={buttonClass("secondary", "sm")}>
              {t("account.dataExport.seePlans")}
            </a>
          }
        >
          {t("account.apiTokens.notIncluded")}
        </FormNotice>
      )}
      {load.status === "loaded" && (
        <div className="space-y-6">
          <TokenList
            tokens={load.tokens}
            lang={lang}
            onRevoke={(token) => setRevoking(token)}
          />
          <NewTokenForm
            onCreated={(token) => {
              setCreated(token);
              setLoad((previous) =>
                previous.status === "loaded"
                  ? { ...previous, tokens: [token, ...previous.tokens] }
                  : previous
              );
            }}
          />
        </div>
      )}
      <NewApiTokenDialog created={created} onClose={() => setCreated(undefined)} />
      <ConfirmDialog
        t={t}
        open={!!revoking}
        title={t("account.apiTokens.revokeTitle", { name: revoking?.name ?? "" })}
        confirmLabel={t("account.apiTokens.revoke")}
        tone="danger"
        busy={isRevoking}
        onConfirm={() => void handleRevoke()}
        onClose={() => setRevoking(undefined)}
      >
        {t("account.apiTokens.revokeText")}
      </ConfirmDialog>
    </SettingsSection>
  );
}

function TokenList(
  { tokens, lang, onRevoke }: {
    tokens: ApiToken[];
    lang: ReturnType<typeof useTranslation>["lang"];
    onRevoke: (token: ApiToken) => void;
  },
) {
  const { t } = useTranslation();
  const headingId = useId();
  const now = Date.now();
  return (
    <div>
      <h3 id={headingId} className="text-[0.9375rem] font-semibold">
        {t("account.apiTokens.listTitle")}
      </h3>
      {tokens.length === 0
        ? <p className="mt-1.5 text-sm text-fg-muted">{t("account.apiTokens.none")}</p>
        : (
          <ul aria-labelledby={headingId} className="mt-2 space-y-3">
            {tokens.map((token) => {
              const expired = !!token.expiresAt && Date.parse(token.expiresAt) <= now;
              return (
                <li
                  key={token.id}
                  className="flex flex-col gap-3 rounded-2xl border border-border bg-surface-muted/50 p-4 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold break-all">{token.name}</span>
                      {token.scopes.map((scope) => (
                        <span
                          key={scope}
                          className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary-soft-fg"
                        >
                          {t(`account.apiTokens.scope.${scope}`)}
                        </span>
                      ))}
                      {expired && (
                        <span className="rounded-full bg-error-soft px-2 py-0.5 text-xs font-semibold text-error-soft-fg">
                          {t("account.apiTokens.expired")}
                        </span>
                      )}
                    </p>
                    <p className="mt-1 font-mono text-sm text-fg-muted">{token.hint}…</p>
                    <dl className="mt-2 grid gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr]">
                      <dt className="text-fg-muted">{t("account.apiTokens.lastUsed")}</dt>
                      <dd>
                        {token.lastUsedAt
                          ? formatDateTime(token.lastUsedAt, lang)
                          : t("account.apiTokens.neverUsed")}
                      </dd>
                      <dt className="text-fg-muted">{t("account.apiTokens.created")}</dt>
                      <dd>{formatDateTime(token.createdAt, lang)}</dd>
                      <dt className="text-fg-muted">{t("account.apiTokens.expires")}</dt>
                      <dd>
                        {token.expiresAt
                          ? formatDateTime(token.expiresAt, lang)
                          : t("account.apiTokens.noExpiry")}
                      </dd>
                    </dl>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onRevoke(token)}
                    aria-label={t("account.apiTokens.revokeNamed", { name: token.name })}
                  >
                    <Icon name="trash" className="size-4" />
                    {t("account.apiTokens.revoke")}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
    </div>
  );
}
