import { type ComponentType, useRef, useState } from "react";
import type { MrzGuest } from "@shared/schemas/mrz-guest.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import { readDocument } from "./checkin-api.ts";
import { downscalePhoto } from "./downscale-photo.ts";
import { useTranslator } from "./i18n-context.ts";
import { Icon } from "./CheckinIcon.tsx";
import { CameraIcon, ImageIcon } from "./page-icons.tsx";
import { formatDay } from "./format.ts";
import type { CameraScanProps } from "./camera/CameraScan.tsx";

type Phase =
  | { kind: "idle" }
  | { kind: "preparing" }
  | { kind: "uploading"; fraction: number }
  | { kind: "reading" }
  | { kind: "camera" }
  | { kind: "read"; fields: number; toCheck: number; expiredOn?: string; visa: boolean }
  | { kind: "failed"; reason: ScanFailure };

type ScanFailure =
  | "DocumentUnreadable"
  | "ImageNotSupported"
  | "ImageTooLarge"
  | "DocumentScanUnavailable"
  | "offline"
  | "photo"
  | "generic";

function failureOf(error: unknown): ScanFailure {
  if (!(error instanceof ApiError)) return "photo";
  if (error.kind !== "http") return "offline";
  const code = error.code;
  if (
    code === "DocumentUnreadable" || code === "ImageNotSupported" || code === "ImageTooLarge" ||
    code === "DocumentScanUnavailable"
  ) return code;
  if (error.status === 413) return "ImageTooLarge";
  return "generic";
}

/** Overall progress: preparing 0–10 %, upload 10–80 %, then the reading (indeterminate). */
function percentOf(phase: Phase): number | undefined {
  if (phase.kind === "preparing") return 5;
  if (phase.kind === "uploading") return Math.round(10 + phase.fraction * 70);
  return undefined;
}

interface DocumentScanProps {
  /** Unique on the page, for the inputs' ids. */
  id: string;
  /** Fills the guest's form; answers how many fields were filled in, and how many to check. */
  onRead: (guest: MrzGuest) => { filled: number; toCheck: number };
}

/**
 * "Scan your document": the live camera (where the browser can show it; camera/CameraScan.tsx),
 * a photo from the camera (capture=environment opens the back camera on phones) or an image from
 * the gallery, made smaller in the browser, sent to the MRZ reader; the guest's fields are filled
 * in from it. Every outcome is said in a live region; a failed read leaves the form to be typed.
 */
export function DocumentScan({ id, onRead }: DocumentScanProps) {
  const { t, plural, lang } = useTranslator();
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [Camera, setCamera] = useState<ComponentType<CameraScanProps>>();
  /** The browser can show the camera in the page (not over plain http, nor very old ones). */
  const live = !!navigator.mediaDevices?.getUserMedia;
  // While the camera view is open, the page behind it is inert (a modal dialog).
  const busy = phase.kind === "preparing" || phase.kind === "uploading" ||
    phase.kind === "reading";

  /** The live camera scan is its own chunk, loaded when a guest taps Scan. */
  function openCamera() {
    setPhase({ kind: "camera" });
    import("./camera/CameraScan.tsx").then((module) => setCamera(() => module.CameraScan))
      .catch(() => setPhase({ kind: "failed", reason: "offline" }));
  }

  /** The form takes what the document says, from a photo or the camera alike. */
  function fill(guest: MrzGuest): Phase {
    const { filled, toCheck } = onRead(guest);
    const today = new Date().toISOString().slice(0, 10);
    return {
      kind: "read",
      fields: filled,
      toCheck,
      expiredOn: guest.documentExpiryDate !== null && guest.documentExpiryDate < today
        ? guest.documentExpiryDate
        : undefined,
      visa: guest.mrzFormat === "MRVA" || guest.mrzFormat === "MRVB",
    };
  }

  async function scan(file: File | undefined) {
    if (!file || busy) return;
    setPhase({ kind: "preparing" });
    try {
      const image = await downscalePhoto(file).catch(() => {
        throw "photo";
      });
      setPhase({ kind: "uploading", fraction: 0 });
      const guest = await readDocument(image, (fraction) => {
        setPhase(fraction >= 1 ? { kind: "reading" } : { kind: "uploading", fraction });
      });
      setPhase(fill(guest));
    } catch (error) {
      setPhase({ kind: "failed", reason: error === "photo" ? "photo" : failureOf(error) });
    }
  }

  const inputProps = (ref: typeof camera, suffix: string) => ({
    ref,
    id: `${id}-${suffix}`,
    type: "file" as const,
    accept: "image/*",
    tabIndex: -1,
    "aria-hidden": true,
    className: "sr-only",
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = ""; // the same photo again is a new attempt
      void scan(file);
    },
  });
  const percent = percentOf(phase);
  const formatDate = (date: string) => formatDay(date, lang);

  return (
    <div className="rounded-xl border border-dashed border-primary/40 bg-primary-soft/40 p-4">
      <p className="font-semibold text-fg">{t("scan.heading")}</p>
      <p className="mt-1 text-sm text-fg-muted">{t("scan.intro")}</p>
      <div className="mt-3 grid gap-2 sm:flex">
        <button
          type="button"
          disabled={busy}
          onClick={() => live ? openCamera() : camera.current?.click()}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-primary px-4 py-2.5 font-semibold text-primary-fg shadow-sm transition-colors hover:bg-primary-hover disabled:opacity-60"
        >
          <CameraIcon className="size-5" />
          {t(live ? "camera.scan" : "scan.takePhoto")}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => gallery.current?.click()}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-border-strong/50 bg-surface px-4 py-2.5 font-semibold text-fg shadow-xs transition-colors hover:bg-surface-muted disabled:opacity-60"
        >
          <ImageIcon className="size-5" />
          {t("scan.chooseImage")}
        </button>
        <input {...inputProps(camera, "camera")} capture="environment" data-scan="camera" />
        <input {...inputProps(gallery, "gallery")} data-scan="gallery" />
      </div>
      {Camera && phase.kind === "camera" && (
        <Camera
          t={t}
          read={(frame) => readDocument(frame, () => {})}
          photo={camera}
          file={gallery}
          onScanned={(guest) => setPhase(fill(guest))}
          onFailed={(error) => setPhase({ kind: "failed", reason: failureOf(error) })}
          onClose={() => setPhase({ kind: "idle" })}
        />
      )}

      {busy && (
        <div className="mt-3">
          <div
            role="progressbar"
            aria-label={t("scan.progressLabel")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={phaseText()}
            className="h-2 overflow-hidden rounded-full bg-surface-muted"
          >
            <div
              className={`h-full rounded-full bg-primary transition-[width] ${
                percent === undefined ? "w-full animate-pulse" : ""
              }`}
              style={percent === undefined ? undefined : { width: `${percent}%` }}
            />
          </div>
        </div>
      )}
      <div role="status" className="empty:hidden">
        {busy && (
          <p className="mt-2 flex items-center gap-2 text-sm font-medium text-fg">
            <Spinner /> {phaseText()}
          </p>
        )}
        {phase.kind === "read" && (
          <div className="mt-3 space-y-2">
            <p className="rounded-lg bg-info-soft px-3 py-2 text-sm font-medium text-info-soft-fg">
              {plural("scan.read", phase.fields)}
            </p>
            {phase.toCheck > 0 && (
              <p className="flex items-start gap-1.5 rounded-lg border-l-4 border-warning bg-warning-soft px-3 py-2 text-sm font-semibold text-warning-soft-fg">
                <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
                <span>{plural("scan.toCheck", phase.toCheck)}</span>
              </p>
            )}
            {phase.visa && (
              <p className="rounded-lg bg-warning-soft px-3 py-2 text-sm font-medium text-warning-soft-fg">
                {t("scan.visa")}
              </p>
            )}
            {phase.expiredOn && (
              <p className="rounded-lg bg-warning-soft px-3 py-2 text-sm font-medium text-warning-soft-fg">
                {t("scan.expired", { date: formatDate(phase.expiredOn) })}
              </p>
            )}
          </div>
        )}
        {phase.kind === "failed" && (
          <p className="mt-3 rounded-lg bg-error-soft px-3 py-2 text-sm font-medium text-error-soft-fg">
            {t(`scan.failed.${phase.reason}`)} {t("scan.typeInstead")}
          </p>
        )}
      </div>
    </div>
  );

  function phaseText(): string {
    if (phase.kind === "preparing") return t("scan.preparing");
    if (phase.kind === "uploading") {
      return t("scan.uploading", { percent: Math.round(phase.fraction * 100) });
    }
    return t("scan.reading");
  }
}
