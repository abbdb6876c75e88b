import { useEffect, useState } from "react";
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Translate } from "../../i18n/translate.ts";

/** A check-out not confirmed within this long is reported as slow (the worker retries). */
const CHECK_OUT_PATIENCE_MS = 60_000;

/**
 * The guest list's check-outs asked for and not yet answered (guest id → when, the name, the
 * error before). Each read of the list settles them: confirmed by the worker or refused by
 * eVisitor, said once in a snackbar and no longer awaited; one waiting too long is reported slow.
 */
export function useCheckOutWatch(t: Translate, page: { items: GuestListItem[] } | undefined) {
  const [pending, setPending] = useState<
    Map<string, { at: number; name: string; errorBefore: string | null }>
  >(new Map());

  // A check-out confirmed by the worker: said once, and no longer awaited.
  useEffect(() => {
    if (!page || pending.size === 0) return;
    const next = new Map(pending);
    for (const guest of page.items) {
      const asked = next.get(guest.id);
      if (asked && guest.status === "CheckedOut") {
        next.delete(guest.id);
        notify(t("guests.toast.checkedOut", { name: asked.name }), { color: "success" });
      } else if (
        asked && guest.registrationError && guest.registrationError !== asked.errorBefore
      ) {
        // eVisitor refused the check-out: its message shows at the guest.
        next.delete(guest.id);
        notify(t("guests.toast.checkOutRefused", { name: asked.name }), { color: "error" });
      }
    }
    for (const [id, asked] of next) {
      if (Date.now() - asked.at > CHECK_OUT_PATIENCE_MS) {
        next.delete(id);
        notify(t("guests.toast.checkOutSlow", { name: asked.name }), { color: "warning" });
      }
    }
    if (next.size !== pending.size) setPending(next);
  }, [page]);

  /** A check-out just asked for: awaited from now on. */
  function expect(guest: GuestListItem) {
    setPending((current) =>
      new Map(current).set(guest.id, {
        at: Date.now(),
        name: guest.surnameAndName,
        errorBefore: guest.registrationError,
      })
    );
  }

  return { pending, expect };
}
