import { useId } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import type { CreatedApiToken } from "@shared/schemas/api-token.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { Icon } from "../../ui/Icon.tsx";

/**
 * The token just made, shown this once (the server keeps only its hash): select or copy it, with
 * an example of its use; closing the dialog forgets it.
 */
export function NewApiTokenDialog(
  { created, onClose }: { created: CreatedApiToken | undefined; onClose: () => void },
) {
  const { t } = useTranslation();
  const fieldId = useId();
  const origin = typeof location === "undefined" ? "" : location.origin;

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      notify(t("account.apiTokens.copied"), { color: "success" });
    } catch {
      notify(t("account.apiTokens.copyFailed"), { color: "error" });
    }
  }

  return (
    <DialogFrame open={!!created} onClose={onClose} size="xl">
      {created && (
        <div className="p-5 sm:p-6">
          <DialogTitle className="flex items-center gap-2 text-lg font-bold">
            <Icon name="key" className="size-5 text-primary" />
            {t("account.apiTokens.createdTitle", { name: created.name })}
          </DialogTitle>
          <Description className="mt-2 rounded-xl bg-warning-soft px-4 py-3 text-sm font-medium text-warning-soft-fg">
            {t("account.apiTokens.createdOnce")}
          </Description>
          <label htmlFor={fieldId} className="mt-4 block text-sm font-semibold">
            {t("account.apiTokens.token")}
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <input
              id={fieldId}
              readOnly
              value={created.token}
              onFocus={(event) => event.currentTarget.select()}
              className="block w-full min-w-0 rounded-xl border border-border-strong bg-surface-muted px-3.5 py-2.5 font-mono text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              <Icon name="copy" className="size-4" />
              {t("account.apiTokens.copy")}
            </Button>
          </div>
          <p className="mt-4 text-sm font-semibold">{t("account.apiTokens.example")}</p>
          <pre
            tabIndex={0}
            aria-label={t("account.apiTokens.example")}
            className="mt-1.5 overflow-x-auto rounded-xl bg-surface-muted p-3 font-mono text-xs text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >{`curl -H "Authorization: Bearer ${created.token}" \\\n  "${origin}/api/Properties?PageNumber=1&PageSize=20"`}</pre>
          <p className="mt-3 text-sm text-fg-muted">
            {t("account.apiTokens.reference")}{" "}
            <a href="/api/reference" className="font-semibold text-primary underline">
              {t("account.apiTokens.referenceLink")}
            </a>
          </p>
          <div className="mt-6 flex justify-end">
            <Button onClick={onClose} data-autofocus>
              <Icon name="check" className="size-4" />
              {t("account.apiTokens.saved")}
            </Button>
          </div>
        </div>
      )}
    </DialogFrame>
  );
}
