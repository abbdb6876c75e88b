import { useId } from "react";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";

const DOWNLOAD_NAME = "prijavko-recovery-codes.txt";

/**
 * The recovery codes, shown once right after they are made (the server never returns them
 * again): copy, download, then confirm they are saved.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const text = codes.join("\n");

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      notify(t("twoFactor.codesCopied"), { color: "success" });
    } catch {
      notify(t("twoFactor.copyFailed"), { color: "error" });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: DOWNLOAD_NAME });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  return (
    <div
      role="region"
      aria-labelledby={headingId}
      className="rounded-2xl border border-warning/40 bg-warning-soft p-5 text-warning-soft-fg"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <Icon name="key" className="size-5" />
        {t("twoFactor.codesTitle")}
      </h3>
      <p className="mt-1.5 text-sm">{t("twoFactor.codesText")}</p>
      <ul
        aria-label={t("twoFactor.codesTitle")}
        className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-xl bg-surface p-4 font-mono text-[0.9375rem] font-semibold text-fg sm:grid-cols-2"
      >
        {codes.map((code) => <li key={code}>{code}</li>)}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" size="sm" onClick={copy}>
          <Icon name="copy" className="size-4" />
          {t("twoFactor.copyCodes")}
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          <Icon name="download" className="size-4" />
          {t("twoFactor.downloadCodes")}
        </Button>
        <Button size="sm" onClick={onDone}>
          <Icon name="check" className="size-4" />
          {t("twoFactor.codesSaved")}
        </Button>
      </div>
    </div>
  );
}
