import { useId, useState } from "react";
import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import { createExportLink, renewExportLink, revokeExportLink } from "../../lib/api/calendars.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { Icon } from "../../ui/Icon.tsx";

interface ExportLinkProps {
  t: Translate;
  unit: UnitCalendar;
  onChanged: (exportUrl: string | null) => void;
}

/** Which confirmation is open: replacing the address or revoking it. */
type Confirming = "renew" | "revoke" | null;

/**
 * The unit's own iCal feed for the platforms: created on request, copied to paste into Airbnb
 * and Booking.com, replaced by a new address (after a confirmation) when it leaked or someone no
 * longer trusted holds it, revoked (after a confirmation) when it is no longer wanted.
 */
export function ExportLink({ t, unit, onChanged }: ExportLinkProps) {
  const headingId = useId();
  const fieldId = useId();
  const [isCreating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [isRevoking, setRevoking] = useState(false);
  const [isRenewing, setRenewing] = useState(false);
  const name = unit.accommodationUnitName;

  async function create() {
    setCreating(true);
    try {
      const { exportUrl } = await createExportLink(unit.accommodationUnitCode);
      onChanged(exportUrl);
      notify(t("calendars.export.created", { name }), { color: "success" });
    } catch (error) {
      notify(t("calendars.export.createFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setCreating(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify(t("calendars.export.copied"), { color: "success" });
    } catch {
      notify(t("calendars.export.copyFailed"), { color: "error" });
    }
  }

  async function renew() {
    setRenewing(true);
    try {
      const { exportUrl } = await renewExportLink(unit.accommodationUnitCode);
      onChanged(exportUrl);
      notify(t("calendars.export.renewed", { name }), { color: "success" });
      setConfirming(null);
    } catch (error) {
      notify(t("calendars.export.renewFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setRenewing(false);
    }
  }

  async function revoke() {
    setRevoking(true);
    try {
      await revokeExportLink(unit.accommodationUnitCode);
      onChanged(null);
      notify(t("calendars.export.revoked", { name }), { color: "success" });
    } catch (error) {
      notify(t("calendars.export.revokeFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      });
    } finally {
      setRevoking(false);
      setConfirming(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-border pt-4">
      {/* The unit's name (read only) tells one unit's feed from the next unit's. */}
      <h4 id={headingId} className="text-sm font-semibold">
        {t("calendars.export.title")}
        <span className="sr-only">{` ${unit.accommodationUnitName}`}</span>
      </h4>
      {unit.exportUrl === null
        ? (
          <>
            <p className="mt-1 text-sm text-fg-muted">{t("calendars.export.offer")}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              busy={isCreating}
              onClick={create}
            >
              <Icon name="plus" className="size-4" />
              {t("calendars.export.create")}
              <span className="sr-only">{` ${name}`}</span>
            </Button>
          </>
        )
        : (
          <>
            <p className="mt-1 text-sm text-fg-muted">{t("calendars.export.text")}</p>
            <ul className="mt-1.5 list-disc space-y-0.5 pl-5 text-sm text-fg-muted">
              <li>{t("calendars.export.airbnb")}</li>
              <li>{t("calendars.export.booking")}</li>
            </ul>
            <label htmlFor={fieldId} className="sr-only">
              {t("calendars.export.field", { name })}
            </label>
            <input
              id={fieldId}
              readOnly
              value={unit.exportUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-3 block w-full rounded-xl border border-border-strong/60 bg-surface-muted/60 px-3 py-2 font-mono text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
            />
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => copy(unit.exportUrl!)}>
                <Icon name="copy" className="size-4" />
                {t("calendars.export.copy")}
                <span className="sr-only">{` ${name}`}</span>
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirming("renew")}>
                <Icon name="key" className="size-4" />
                {t("calendars.export.renew")}
                <span className="sr-only">{` ${name}`}</span>
              </Button>
              <Button variant="dangerSecondary" size="sm" onClick={() => setConfirming("revoke")}>
                <Icon name="trash" className="size-4" />
                {t("calendars.export.revoke")}
                <span className="sr-only">{` ${name}`}</span>
              </Button>
            </div>
          </>
        )}

      <ConfirmDialog
        t={t}
        open={confirming === "renew"}
        title={t("calendars.export.renewTitle")}
        confirmLabel={t("calendars.export.renewConfirm")}
        busy={isRenewing}
        onConfirm={renew}
        onClose={() => setConfirming(null)}
      >
        <p>{t("calendars.export.renewText", { name })}</p>
        <p className="mt-2">{t("calendars.export.renewWhen")}</p>
      </ConfirmDialog>
      <ConfirmDialog
        t={t}
        open={confirming === "revoke"}
        tone="danger"
        title={t("calendars.export.revokeTitle")}
        confirmLabel={t("calendars.export.revokeConfirm")}
        busy={isRevoking}
        onConfirm={revoke}
        onClose={() => setConfirming(null)}
      >
        <p>{t("calendars.export.revokeText", { name })}</p>
      </ConfirmDialog>
    </section>
  );
}
