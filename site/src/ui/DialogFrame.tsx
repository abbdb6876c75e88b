import type { ReactNode } from "react";
import { Dialog, DialogBackdrop, DialogPanel } from "@headlessui/react";

const WIDTHS = {
  md: "max-w-md",
  lg: "max-w-lg",
  xl: "max-w-xl",
  "2xl": "max-w-2xl",
} as const;

interface DialogFrameProps {
  open: boolean;
  /** Escape and the backdrop call it. */
  onClose: () => void;
  size: keyof typeof WIDTHS;
  /** The panel's content: its `DialogTitle` (which names the dialog), and the rest. */
  children: ReactNode;
}

/**
 * The frame every centred dialog of the app shares: the dimmed backdrop, and the panel fading and
 * scaling in, centred on the screen. Taller content scrolls with the layer behind the panel, so
 * phones reach all of it. The dialog element covers the screen (its parts are fixed), so it counts
 * as visible to tests and tools.
 */
export function DialogFrame({ open, onClose, size, children }: DialogFrameProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/50 backdrop-blur-[2px] transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-3 sm:p-6">
          <DialogPanel
            transition
            className={`w-full ${
              WIDTHS[size]
            } rounded-2xl border border-border bg-surface shadow-2xl transition duration-150 ease-out data-closed:scale-95 data-closed:opacity-0`}
          >
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
