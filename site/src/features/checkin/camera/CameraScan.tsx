import { type RefObject, useEffect, useId, useRef } from "react";
import type { Translator } from "../../../i18n/checkin/translator.ts";
import type { MrzAnswer, ScannedGuest } from "./agreement.ts";
import { GUIDE_ASPECT } from "./frame-crop.ts";
import { useCameraScan } from "./use-camera-scan.ts";

/**
 * What the view gets from the page rather than importing it: this chunk then shares no module
 * with the page's own, so the page's start chunk stays whole (bench/checkin-page-size.ts). For
 * the same reason it draws its own icons (page-icons.tsx has the same two).
 */
export interface CameraScanProps {
  t: Translator["t"];
  /** Sends a frame (base64 JPEG) to the MRZ reader, as the photo path does. */
  read: (frame: string) => Promise<MrzAnswer>;
  /** Two frames agreed, or the guest took a read that was not confirmed (its doubts named). */
  onScanned: (guest: ScannedGuest) => void;
  /** The reader answered with something other than "no MRZ in this frame" (offline, 503, 429). */
  onFailed: (error: unknown) => void;
  onClose: () => void;
  /** The page's inputs for a still photo (the camera app) and an image file: the fallbacks. */
  photo: RefObject<HTMLInputElement | null>;
  file: RefObject<HTMLInputElement | null>;
}

/**
 * The live camera scan: the rear camera full screen on a phone (a dialog on a desktop) with a
 * guide for the MRZ band. The band of each frame, downscaled, goes to the MRZ reader one at a
 * time until two frames agree on a read with nothing uncertain. The camera is off whenever the
 * view is not scanning: closed, done, timed out, failed, or the page left.
 */
export function CameraScan(
  { t, read, photo, file, onScanned, onFailed, onClose }: CameraScanProps,
) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const guide = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    const element = dialog.current;
    // Focus goes into the view (its close button) and, when it closes, back where it was.
    const opener = document.activeElement as HTMLElement | null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      requestAnimationFrame(() => opener?.focus());
    };
  }, []);

  const { status, retry } = useCameraScan({ video, guide, read, onScanned, onFailed });

  /** Closes the dialog at once (the page is no longer inert), then opens the picker. */
  function fallback(input: RefObject<HTMLInputElement | null>) {
    dialog.current?.close();
    input.current?.click();
    onClose();
  }

  const scanning = status.kind === "starting" || status.kind === "looking" ||
    status.kind === "holdStill" || status.kind === "read";
  const message = {
    starting: t("camera.starting"),
    looking: t("camera.looking"),
    holdStill: t("camera.holdStill"),
    read: t("camera.read"),
    timedOut: t("camera.timedOut"),
    unconfirmed: t("camera.unconfirmed"),
    noCamera: status.kind === "noCamera" ? t(`camera.${status.reason}`) : "",
  }[status.kind];
  const primary =
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-primary px-4 py-2.5 font-semibold text-primary-fg shadow-sm transition-colors hover:bg-primary-hover";
  const secondary =
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-border-strong/50 bg-surface px-4 py-2.5 font-semibold text-fg shadow-xs transition-colors hover:bg-surface-muted";

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={scanning ? hintId : undefined}
      onCancel={(event) => {
        event.preventDefault(); // Escape: closed through the page's state, camera off first
        onClose();
      }}
      className={`hidden flex-col bg-surface text-fg backdrop:bg-black/70 open:flex sm:m-auto sm:h-fit sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:rounded-2xl sm:border sm:border-border sm:shadow-2xl ${
        // The camera full screen on a phone; without it, a dialog of its message and choices.
        scanning
          ? "m-0 h-dvh max-h-none w-full max-w-none"
          : "m-auto h-fit w-[calc(100%-2rem)] rounded-2xl border border-border shadow-2xl"}`}
    >
      <div className="flex items-center justify-between gap-3 px-4 py-2">
        <h2 id={titleId} className="text-lg font-bold">{t("scan.heading")}</h2>
        <button
          type="button"
          autoFocus
          onClick={onClose}
          aria-label={t("camera.close")}
          className="inline-flex size-11 items-center justify-center rounded-xl text-fg hover:bg-surface-muted"
        >
          <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
            <path
              d="M6 6l12 12M18 6 6 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>

      {scanning && (
        <div className="relative min-h-0 flex-1 overflow-hidden bg-black sm:aspect-video sm:flex-none">
          <video
            ref={video}
            muted
            playsInline
            aria-hidden="true"
            className="absolute inset-0 size-full object-cover"
          />
          <div
            ref={guide}
            data-camera-guide
            style={{ aspectRatio: `${GUIDE_ASPECT}` }}
            className={`absolute top-1/2 left-1/2 w-[81%] -translate-x-1/2 -translate-y-1/2 rounded-lg border-2 shadow-[0_0_0_100vmax_rgba(0,0,0,0.45)] ${
              status.kind === "holdStill" || status.kind === "read"
                ? "border-success"
                : "border-white"
            }`}
          />
          <p
            id={hintId}
            className="absolute inset-x-4 bottom-4 mx-auto max-w-sm rounded-lg bg-black/60 px-3 py-1.5 text-center text-sm font-medium text-white"
          >
            {t("camera.hint")}
          </p>
        </div>
      )}

      <div className="space-y-3 px-4 py-3">
        <p
          role="status"
          className={`text-sm font-medium ${
            scanning ? "text-fg" : "rounded-lg bg-warning-soft px-3 py-2 text-warning-soft-fg"
          }`}
        >
          {message}
        </p>
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          {status.kind === "unconfirmed" && (
            <button
              type="button"
              onClick={() => onScanned(status.guest)}
              className={primary}
            >
              {t("camera.useRead")}
            </button>
          )}
          {(status.kind === "timedOut" || status.kind === "unconfirmed") && (
            <button
              type="button"
              onClick={() => {
                retry();
              }}
              className={status.kind === "timedOut" ? primary : secondary}
            >
              {t("actions.retry")}
            </button>
          )}
          <button type="button" onClick={() => fallback(photo)} className={secondary}>
            <Icon d="M14.5 4h-5L7.5 6.5H5A2 2 0 0 0 3 8.5v9a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2h-2.5zM15.5 13a3.5 3.5 0 1 1-7 0 3.5 3.5 0 0 1 7 0" />
            {t("scan.takePhoto")}
          </button>
          <button type="button" onClick={() => fallback(file)} className={secondary}>
            <Icon d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM11 9a2 2 0 1 1-4 0 2 2 0 0 1 4 0m10 6-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
            {t("scan.chooseImage")}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** A decorative line icon (the button's text says it all), as page-icons.tsx draws them. */
function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-5"
    >
      <path d={d} />
    </svg>
  );
}
