import type { FormEvent, ReactNode, Ref } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import type { Translate } from "../i18n/translate.ts";
import { Button } from "./Button.tsx";
import { DialogFrame } from "./DialogFrame.tsx";

interface FormDialogProps {
  t: Translate;
  open: boolean;
  title: string;
  /** Under the title; read out with it when the dialog opens. */
  description?: ReactNode;
  /** The submit button's label, and what it says while the form is being sent. */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  formRef?: Ref<HTMLFormElement>;
  /** Wider for forms with two columns. */
  size?: "md" | "lg";
  /** Red for what cannot be undone. */
  tone?: "primary" | "danger";
  children: ReactNode;
}

/**
 * A form in a dialog: title, fields, and Cancel beside the submit button at the bottom. Escape,
 * the backdrop and Cancel close it, except while it is being sent. Taller forms scroll with the
 * page behind the panel, so phones reach every field.
 */
export function FormDialog({
  t,
  open,
  title,
  description,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  onClose,
  formRef,
  size = "md",
  tone = "primary",
  children,
}: FormDialogProps) {
  return (
    <DialogFrame
      open={open}
      onClose={() => !busy && onClose()}
      size={size === "lg" ? "2xl" : "lg"}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <div className="p-5 sm:p-6">
          <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
          {description && (
            <Description as="div" className="mt-1.5 text-[0.9375rem] text-fg-muted">
              {description}
            </Description>
          )}
          <div className="mt-5 space-y-5">{children}</div>
        </div>
        <div className="flex flex-col-reverse gap-3 rounded-b-2xl border-t border-border bg-surface-muted/50 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" variant={tone === "danger" ? "danger" : "primary"} busy={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
