import { useEffect, useRef, useState } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import {
  type AccommodationUnitDetails,
  getUnit,
  getUnitQr,
  getUnitQrSheetPdf,
  renewUnitCode,
} from "../../lib/api/accommodation-units.ts";
import { markQrPrinted } from "../../lib/api/getting-started.ts";
import { saveBlob } from "../../lib/files/save-blob.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { qrSheetUrl } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useUnitQr } from "./use-unit-qr.ts";

interface UnitQrDialogProps {
  open: boolean;
  unit: AccommodationUnit;
  onClose: () => void;
  /** The unit got a new door code (issue 20). */
  onRenewed: (unit: AccommodationUnit) => void;
  /** Whether the caller may renew the door code (the property's settings right; not reception). */
  canRenew?: boolean;
}

type Renewal = "idle" | "confirming" | "renewing" | "renewed";

/**
 * The QR dialog of spec section 2: the unit's permanent check-in code, its address (copy), the
 * PNG to download, and the printable sheet.
 */
export function UnitQrDialog(
  { open, unit, onClose, onRenewed, canRenew = true }: UnitQrDialogProps,
) {
  const { t } = useTranslation();
  // The door code shown: the unit's, or the new one once renewed here.
  const [code, setCode] = useState(unit.code);
  const { image, retry } = useUnitQr(code, "checkIn");
  const [details, setDetails] = useState<AccommodationUnitDetails>();
  const [downloading, setDownloading] = useState<"png" | "pdf">();
  const [renewal, setRenewal] = useState<Renewal>("idle");
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const printRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setDetails(undefined);
    getUnit(code, controller.signal)
      .then(setDetails)
      .catch(() => {
        // The code and its image still work; only the address line stays empty.
      });
    return () => controller.abort();
  }, [code]);

  useEffect(() => {
    if (renewal === "confirming") confirmRef.current?.focus();
    if (renewal === "renewed") printRef.current?.focus();
  }, [renewal]);

  /** A new door code: the old QR stops working, so the new sheet is offered at once. */
  async function renew() {
    setRenewal("renewing");
    try {
      const renewed = await renewUnitCode(unit.id);
      setCode(renewed.code);
      onRenewed(renewed);
      setRenewal("renewed");
      notify(t("qr.renewed"), { color: "success" });
    } catch (error) {
      setRenewal("confirming");
      notify(t("qr.renewFailed", { reason: describeApiError(t, error) }), { color: "error" });
    }
  }

  async function copyLink() {
    if (!details) return;
    try {
      await navigator.clipboard.writeText(details.checkInUrl);
      notify(t("qr.linkCopied"), { color: "success" });
    } catch {
      notify(t("qr.copyFailed"), { color: "error" });
    }
  }

  /** The PNG, or the door sheet as a PDF in the host's languages (chosen on the sheet page). */
  async function download(format: "png" | "pdf") {
    setDownloading(format);
    try {
      const blob = format === "png"
        ? await getUnitQr(code, "checkIn", "png")
        : await getUnitQrSheetPdf(code);
      saveBlob(blob, `prijava-${code}.${format}`);
      markQrPrinted();
    } catch (error) {
      notify(t("qr.downloadFailed", { reason: describeApiError(t, error) }), { color: "error" });
    } finally {
      setDownloading(undefined);
    }
  }

  return (
    <DialogFrame open={open} onClose={onClose} size="md">
      <div className="p-5 sm:p-6">
        <DialogTitle className="text-lg font-bold">
          {t("qr.title")}: {unit.name}
        </DialogTitle>
        <Description className="mt-1.5 text-[0.9375rem] text-fg-muted">
          {t("qr.description", { name: unit.name })}
        </Description>

        <div className="mt-5">
          {image.status === "failed"
            ? (
              <LoadFailedNotice
                t={t}
                error={image.error}
                onRetry={retry}
              />
            )
            : (
              <div className="mx-auto grid aspect-square w-full max-w-64 place-items-center rounded-2xl border border-border bg-white p-2">
                {image.status === "ready"
                  ? (
                    <img
                      src={image.url}
                      alt={t("qr.imageAlt", { name: unit.name })}
                      className="size-full"
                    />
                  )
                  : (
                    <p role="status" className="flex items-center gap-2 text-slate-600">
                      <Spinner className="size-6 text-primary" />
                      <span className="sr-only">{t("app.loading")}</span>
                    </p>
                  )}
              </div>
            )}
        </div>

        <div className="mt-5 rounded-xl bg-surface-muted px-4 py-3">
          <p className="text-sm font-semibold text-fg-muted">{t("qr.link")}</p>
          <p className="mt-0.5 font-mono text-sm break-all">
            {details?.checkInUrl ?? "…"}
          </p>
        </div>

        <div className="mt-5 grid gap-2.5 sm:grid-cols-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={!details}
            onClick={copyLink}
            className="sm:col-span-2"
          >
            <Icon name="copy" className="size-4" />
            {t("qr.copyLink")}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            busy={downloading === "png"}
            disabled={downloading === "pdf"}
            onClick={() => download("png")}
          >
            {downloading !== "png" && <Icon name="download" className="size-4" />}
            {t("qr.download")}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            busy={downloading === "pdf"}
            disabled={downloading === "png"}
            onClick={() => download("pdf")}
          >
            {downloading !== "pdf" && <Icon name="download" className="size-4" />}
            {t("qr.downloadPdf")}
          </Button>
          <a
            ref={printRef}
            href={qrSheetUrl(code)}
            onClick={markNavigation}
            className={`${buttonClass("primary", "sm")} sm:col-span-2`}
          >
            <Icon name="printer" className="size-4" />
            {renewal === "renewed" ? t("qr.printNew") : t("qr.print")}
          </a>
        </div>

        {renewal === "renewed" && (
          <p
            role="status"
            className="mt-4 rounded-xl bg-success-soft px-4 py-3 text-sm text-success-soft-fg"
          >
            {t("qr.renewedText")}
          </p>
        )}
        {canRenew && (renewal === "idle" || renewal === "renewed") && (
          <div className="mt-5 border-t border-border pt-4">
            <p className="text-sm text-fg-muted">{t("qr.renewHint")}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-2.5"
              onClick={() => setRenewal("confirming")}
            >
              <Icon name="key" className="size-4" />
              {t("qr.renew")}
            </Button>
          </div>
        )}
        {(renewal === "confirming" || renewal === "renewing") && (
          <section
            aria-labelledby="renew-code-title"
            className="mt-5 rounded-xl border border-error/40 bg-error-soft px-4 py-3"
          >
            <h3
              id="renew-code-title"
              ref={confirmRef}
              tabIndex={-1}
              className="font-semibold focus:outline-none"
            >
              {t("qr.renewConfirmTitle")}
            </h3>
            <p className="mt-1 text-sm">{t("qr.renewConfirmText")}</p>
            <div className="mt-3 flex flex-wrap gap-2.5">
              <Button
                variant="danger"
                size="sm"
                busy={renewal === "renewing"}
                onClick={renew}
              >
                {t("qr.renewConfirm")}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={renewal === "renewing"}
                onClick={() => setRenewal("idle")}
              >
                {t("dialog.cancel")}
              </Button>
            </div>
          </section>
        )}
        <div className="mt-5 flex justify-end border-t border-border pt-4">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t("shell.close")}
          </Button>
        </div>
      </div>
    </DialogFrame>
  );
}
