import type { ReactNode } from "react";
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { Translate } from "../i18n/translate.ts";
import { Button } from "./Button.tsx";

interface ConfirmDialogProps {
  t: Translate;
  open: boolean;
  title: string;
  children: ReactNode;
  /** Choices that go with the action (a checkbox), below the text and outside its description. */
  options?: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone. */
  tone?: "primary" | "danger";
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action with consequences; Escape, the backdrop and Cancel all say no. The dialog
 * element covers the screen (its parts are fixed), so it counts as visible to tests and tools.
 */
export function ConfirmDialog({
  t,
  open,
  title,
  children,
  options,
  confirmLabel,
  tone = "primary",
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/50 backdrop-blur-[2px] transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 grid place-items-center overflow-y-auto p-4">
        <DialogPanel
          transition
          className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-2xl transition duration-150 ease-out data-closed:scale-95 data-closed:opacity-0"
        >
          <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
          <Description as="div" className="mt-2 text-fg-muted">{children}</Description>
          {options && <div className="mt-4">{options}</div>}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
              {t("dialog.cancel")}
            </Button>
            <Button
              variant={tone === "danger" ? "danger" : "primary"}
              busy={busy}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
