import { useRef, useState } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import { isProofLanguage, type ProofLanguage } from "../../lib/api/guests.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { printFrame, ProofFrame } from "./ProofFrame.tsx";
import { ProofLanguageSwitch } from "./ProofLanguageSwitch.tsx";
import { useProof } from "./use-proof.ts";
import { guestNameOf } from "./guest-name.ts";

interface ProofOfResidenceDialogProps {
  t: Translate;
  lang: Locale;
  open: boolean;
  guest: GuestListItem;
  onClose: () => void;
}

/**
 * The guest details dialog of spec section 2, titled Proof of Residence: the proof as the guest
 * gets it (in Croatian, English, German or Italian), to print or open as its own page, and the
 * reminder that it holds personal data.
 */
export function ProofOfResidenceDialog(
  { t, lang, open, guest, onClose }: ProofOfResidenceDialogProps,
) {
  const [language, setLanguage] = useState<ProofLanguage>(isProofLanguage(lang) ? lang : "hr");
  const { load, retry } = useProof(guest.externalId, language);
  const frame = useRef<HTMLIFrameElement>(null);
  const shown = load.status === "loaded" ? load : load.status === "loading" ? load.previous : null;

  function print() {
    if (!printFrame(frame.current)) notify(t("guests.proof.printFailed"), { color: "error" });
  }

  return (
    <DialogFrame open={open} onClose={onClose} size="2xl">
      <div className="p-5 sm:p-6">
        <DialogTitle className="text-lg font-bold">{t("guests.proof.title")}</DialogTitle>
        <Description className="mt-1 text-[0.9375rem] break-words text-fg-muted">
          {t("guests.proof.description", {
            name: guestNameOf(t, guest),
            unit: guest.accommodationUnitName,
          })}
        </Description>

        <div className="mt-5">
          <ProofLanguageSwitch t={t} value={language} onChange={setLanguage} autoFocus />
        </div>

        <div className="relative mt-4">
          <p
            aria-live="polite"
            className="absolute top-2 right-2 z-10 flex items-center gap-2 rounded-lg bg-surface px-2.5 py-1 text-sm text-fg-muted shadow-sm empty:p-0 empty:shadow-none"
          >
            {load.status === "loading" && shown && (
              <>
                <Spinner />
                {t("app.loading")}
              </>
            )}
          </p>
          {load.status === "failed" && (
            <LoadFailedNotice
              t={t}
              error={load.error}
              onRetry={retry}
            />
          )}
          {shown && (
            <ProofFrame
              ref={frame}
              html={shown.html}
              title={t("guests.proof.frameTitle", { name: guestNameOf(t, guest) })}
              className={`h-[min(28rem,55vh)] ${load.status === "loading" ? "opacity-60" : ""}`}
            />
          )}
          {!shown && load.status === "loading" && (
            <div
              role="status"
              className="grid h-[min(28rem,55vh)] place-items-center rounded-xl border border-border"
            >
              <span className="flex items-center gap-2 text-fg-muted">
                <Spinner className="size-6 text-primary" />
                {t("app.loading")}
              </span>
            </div>
          )}
        </div>

        <div className="mt-4">
          <FormNotice tone="warning">{t("guests.proof.confidential")}</FormNotice>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 rounded-b-2xl border-t border-border bg-surface-muted/50 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
        <Button variant="secondary" onClick={onClose}>
          {t("shell.close")}
        </Button>
        {load.status === "loaded" && load.url && (
          <a
            href={load.url}
            target="_blank"
            rel="noopener"
            className={buttonClass("secondary")}
          >
            <Icon name="externalLink" className="size-5" />
            {t("guests.proof.openPage")}
            <span className="sr-only">{` (${t("reservations.share.newWindow")})`}</span>
          </a>
        )}
        <Button onClick={print} disabled={load.status !== "loaded"}>
          <Icon name="printer" className="size-5" />
          {t("guests.proof.print")}
        </Button>
      </div>
    </DialogFrame>
  );
}
