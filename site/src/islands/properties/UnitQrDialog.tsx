import { useEffect, useState } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import {
  type AccommodationUnitDetails,
  getUnit,
  getUnitQr,
} from "../../lib/api/accommodation-units.ts";
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
}

/**
 * The QR dialog of spec section 2: the unit's permanent check-in code, its address (copy), the
 * PNG to download, and the printable sheet.
 */
export function UnitQrDialog({ open, unit, onClose }: UnitQrDialogProps) {
  const { t } = useTranslation();
  const { image, retry } = useUnitQr(unit.code, "checkIn");
  const [details, setDetails] = useState<AccommodationUnitDetails>();
  const [isDownloading, setDownloading] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getUnit(unit.code, controller.signal)
      .then(setDetails)
      .catch(() => {
        // The code and its image still work; only the address line stays empty.
      });
    return () => controller.abort();
  }, [unit.code]);

  async function copyLink() {
    if (!details) return;
    try {
      await navigator.clipboard.writeText(details.checkInUrl);
      notify(t("qr.linkCopied"), { color: "success" });
    } catch {
      notify(t("qr.copyFailed"), { color: "error" });
    }
  }

  async function download() {
    setDownloading(true);
    try {
      saveBlob(await getUnitQr(unit.code, "checkIn", "png"), `prijava-${unit.code}.png`);
    } catch (error) {
      notify(t("qr.downloadFailed", { reason: describeApiError(t, error) }), { color: "error" });
    } finally {
      setDownloading(false);
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
          <Button variant="secondary" size="sm" disabled={!details} onClick={copyLink}>
            <Icon name="copy" className="size-4" />
            {t("qr.copyLink")}
          </Button>
          <Button variant="secondary" size="sm" busy={isDownloading} onClick={download}>
            {!isDownloading && <Icon name="download" className="size-4" />}
            {t("qr.download")}
          </Button>
          <a
            href={qrSheetUrl(unit.code)}
            onClick={markNavigation}
            className={`${buttonClass("primary", "sm")} sm:col-span-2`}
          >
            <Icon name="printer" className="size-4" />
            {t("qr.print")}
          </a>
        </div>
        <div className="mt-5 flex justify-end border-t border-border pt-4">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t("shell.close")}
          </Button>
        </div>
      </div>
    </DialogFrame>
  );
}
