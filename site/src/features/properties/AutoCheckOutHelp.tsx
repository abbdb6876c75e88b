import { useState } from "react";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";

/**
 * The "?" beside automatic check-out and the help it opens (spec section 2): who checks guests
 * out and when (spec section 4). Rendered inside the settings dialog, so it stacks on top of it.
 */
export function AutoCheckOutHelp({ t }: { t: Translate }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="grid size-8 shrink-0 place-items-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-primary mobile:-my-1.5 mobile:size-11"
      >
        <Icon name="helpCircle" className="size-5" />
        <span className="sr-only">{t("settings.autoCheckOutHelp")}</span>
      </button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} className="fixed inset-0 z-[55]">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-black/40 transition-opacity duration-150 data-closed:opacity-0"
        />
        <div className="fixed inset-0 grid place-items-center overflow-y-auto p-4">
          <DialogPanel
            transition
            className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-2xl transition duration-150 ease-out data-closed:scale-95 data-closed:opacity-0"
          >
            <DialogTitle className="flex items-center gap-2 text-lg font-bold">
              <Icon name="helpCircle" className="size-6 text-primary" />
              {t("settings.helpTitle")}
            </DialogTitle>
            <div className="mt-3 space-y-3 text-fg-muted">
              <p>{t("settings.helpText1")}</p>
              <p>{t("settings.helpText2")}</p>
            </div>
            <div className="mt-6 flex justify-end">
              <Button variant="secondary" onClick={() => setOpen(false)} data-autofocus>
                {t("shell.close")}
              </Button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
