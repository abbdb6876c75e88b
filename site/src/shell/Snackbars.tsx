import { useEffect, useRef } from "react";
import { useAtomValue } from "jotai";
import {
  dismissSnackbar,
  type Snackbar,
  type SnackbarColor,
  snackbarsAtom,
} from "../lib/state/snackbars.ts";
import type { IconName } from "../icons/shapes.ts";
import type { Translate } from "../i18n/translate.ts";
import { Icon } from "../ui/Icon.tsx";

const COLORS: Record<SnackbarColor, { className: string; icon: IconName }> = {
  info: { className: "bg-fg text-bg", icon: "info" },
  success: { className: "bg-success text-success-fg", icon: "checkCircle" },
  warning: { className: "bg-warning text-warning-fg", icon: "alertCircle" },
  error: { className: "bg-error text-error-fg", icon: "alertCircle" },
};

/**
 * The snackbar stack (spec sections 4 and 9), bottom of the screen. The live region exists before
 * any message arrives, so screen readers announce each one; errors interrupt as alerts.
 */
export function Snackbars({ t }: { t: Translate }) {
  const snackbars = useAtomValue(snackbarsAtom);
  return (
    <div
      aria-live="polite"
      // On a phone a dialog's buttons sit at the bottom, where a snackbar would cover them (a
      // failed "Provjeri i poveži" hid the button to try again): over an open dialog, the
      // snackbars show at the top.
      className="pointer-events-none fixed inset-x-3 bottom-3 z-[60] flex flex-col items-center gap-2 max-sm:[body:has([role=dialog][data-open])_&]:top-3 max-sm:[body:has([role=dialog][data-open])_&]:bottom-auto sm:inset-x-auto sm:right-5 sm:bottom-5 sm:items-end print:hidden"
    >
      {snackbars.map((snackbar) => <SnackbarItem key={snackbar.id} t={t} snackbar={snackbar} />)}
    </div>
  );
}

function SnackbarItem({ t, snackbar }: { t: Translate; snackbar: Snackbar }) {
  const { className, icon } = COLORS[snackbar.color];
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Hovering or focusing the snackbar holds it open, so it can be read (WCAG 2.2.1).
  const start = () => {
    clearTimeout(timer.current);
    if (snackbar.timeout >= 0) {
      timer.current = setTimeout(() => dismissSnackbar(snackbar.id), snackbar.timeout);
    }
  };
  const hold = () => clearTimeout(timer.current);

  useEffect(() => {
    start();
    return hold;
  }, []);

  return (
    <div
      role={snackbar.color === "error" ? "alert" : "status"}
      onMouseEnter={hold}
      onMouseLeave={start}
      onFocus={hold}
      onBlur={start}
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl py-3 pr-2 pl-4 shadow-lg motion-safe:animate-[snackbar-in_150ms_ease-out] sm:w-96 ${className}`}
    >
      <Icon name={icon} className="mt-0.5 size-5 shrink-0" />
      <p className="min-w-0 flex-1 py-0.5 text-[0.9375rem] font-medium break-words">
        {snackbar.message}
      </p>
      <button
        type="button"
        onClick={() => dismissSnackbar(snackbar.id)}
        className="grid size-8 shrink-0 place-items-center rounded-lg opacity-80 transition-opacity mobile:-my-1.5 mobile:size-11 hover:bg-black/10 hover:opacity-100 focus-visible:outline-current"
      >
        <Icon name="close" className="size-4" />
        <span className="sr-only">{t("shell.close")}</span>
      </button>
    </div>
  );
}
