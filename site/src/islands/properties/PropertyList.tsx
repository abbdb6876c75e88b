import { useState } from "react";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { Property } from "@shared/schemas/property.ts";
import { deleteUnit } from "../../lib/api/accommodation-units.ts";
import { deleteProperty, listProperties } from "../../lib/api/properties.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { LoadFailedNotice } from "../ui/LoadFailedNotice.tsx";
import { PagePagination } from "../ui/PagePagination.tsx";
import { SearchField } from "../ui/SearchField.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { usePagedList } from "../ui/use-paged-list.ts";
import { NoProperties } from "./NoProperties.tsx";
import { PropertyCard } from "./PropertyCard.tsx";
import { PropertySettingsDialog } from "./PropertySettingsDialog.tsx";
import { UnitDialog, type UnitDialogTarget } from "./UnitDialog.tsx";
import { UnitQrDialog } from "./UnitQrDialog.tsx";

const PAGE_SIZE = 50;

/**
 * A dialog that keeps what it shows while it fades out (`open` false, the rest unchanged); `key`
 * counts the openings, so each one starts from fresh values (prefixed per dialog, since the
 * dialogs are siblings and their keys must differ).
 */
type Shown<T> = { open: boolean; key: number } & T;

type Deletion =
  | { kind: "property"; property: Property }
  | { kind: "unit"; unit: AccommodationUnit };

/**
 * The properties page's content: search, the property cards, and their dialogs (settings, unit,
 * QR code, delete), each outcome with a snackbar (spec section 8).
 */
export function PropertyList() {
  const { t, lang } = useTranslation();
  const {
    search,
    setSearch,
    searchTerm,
    setPageNumber,
    load,
    page,
    isLoading,
    reload,
    reloadAfterRemoval,
    updateItems: updateProperties,
  } = usePagedList({
    load: ({ pageNumber, searchTerm, signal }) =>
      listProperties(
        { pageNumber, pageSize: PAGE_SIZE, sortBy: "name", searchValue: searchTerm },
        signal,
      ),
    onFailed: (error) =>
      notify(t("properties.toast.loadFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      }),
  });
  const [settings, setSettings] = useState<Shown<{ property?: Property }>>({ open: false, key: 0 });
  const [unitDialog, setUnitDialog] = useState<Shown<{ target?: UnitDialogTarget }>>({
    open: false,
    key: 0,
  });
  const [qr, setQr] = useState<Shown<{ unit?: AccommodationUnit }>>({ open: false, key: 0 });
  const [deletion, setDeletion] = useState<Shown<{ target?: Deletion }>>({ open: false, key: 0 });
  const [isDeleting, setDeleting] = useState(false);

  function unitSaved(unit: AccommodationUnit, previousPropertyId?: string) {
    updateProperties((properties) =>
      properties.map((property) => {
        const others = property.accommodationUnits.filter((item) => item.id !== unit.id);
        if (property.id === unit.propertyId) {
          const isNew = others.length === property.accommodationUnits.length;
          const units = isNew
            ? [...others, unit]
            : property.accommodationUnits.map((item) => item.id === unit.id ? unit : item);
          return { ...property, accommodationUnits: units };
        }
        return property.id === previousPropertyId
          ? { ...property, accommodationUnits: others }
          : property;
      })
    );
    setUnitDialog((current) => ({ ...current, open: false }));
  }

  async function confirmDeletion() {
    const target = deletion.target;
    if (!target) return;
    setDeleting(true);
    try {
      if (target.kind === "property") {
        await deleteProperty(target.property.id);
        notify(t("properties.toast.deleted", { name: target.property.name }), {
          color: "success",
        });
        reloadAfterRemoval();
      } else {
        await deleteUnit(target.unit.code);
        notify(t("units.toast.deleted", { name: target.unit.name }), { color: "success" });
        updateProperties((properties) =>
          properties.map((property) => ({
            ...property,
            accommodationUnits: property.accommodationUnits.filter((unit) =>
              unit.id !== target.unit.id
            ),
          }))
        );
      }
    } catch (error) {
      const reason = describeApiError(t, error);
      notify(
        target.kind === "property"
          ? t("properties.toast.deleteFailed", { reason })
          : t("units.toast.deleteFailed", { reason }),
        { color: "error" },
      );
    } finally {
      setDeleting(false);
      setDeletion((current) => ({ ...current, open: false }));
    }
  }

  const hasNone = page !== undefined && page.totalCount === 0 && searchTerm === "" && search === "";
  const deleting = deletion.target;

  return (
    <div className="mt-8 space-y-5">
      {!hasNone && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <SearchField
            label={t("properties.search")}
            placeholder={t("properties.searchPlaceholder")}
            value={search}
            onChange={setSearch}
          />
          <p aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm text-fg-muted">
            {isLoading && page && (
              <>
                <Spinner />
                {t("app.loading")}
              </>
            )}
            {load.status === "loaded" &&
              translatePlural(lang, "properties.count", load.page.totalCount)}
          </p>
        </div>
      )}

      {isLoading && !page && (
        <p
          role="status"
          className="flex items-center justify-center gap-3 py-16 text-lg font-semibold text-fg-muted"
        >
          <Spinner className="size-6 text-primary" />
          {t("app.loading")}
        </p>
      )}

      {load.status === "failed" && (
        <LoadFailedNotice
          t={t}
          error={load.error}
          onRetry={reload}
        />
      )}

      {hasNone && <NoProperties t={t} />}

      {page && !hasNone && page.items.length === 0 && (
        <p className="rounded-2xl border border-border bg-surface px-4 py-10 text-center text-fg-muted">
          {t("properties.noMatches")}
        </p>
      )}

      {page && page.items.length > 0 && (
        <div
          className={`grid items-start gap-5 2xl:grid-cols-2 ${
            isLoading ? "opacity-60 transition-opacity" : "transition-opacity"
          }`}
        >
          {page.items.map((property) => (
            <PropertyCard
              key={property.id}
              t={t}
              lang={lang}
              property={property}
              onAddUnit={(chosen) =>
                setUnitDialog((current) => ({
                  open: true,
                  key: current.key + 1,
                  target: { mode: "create", propertyId: chosen.id },
                }))}
              onSettings={(chosen) =>
                setSettings((current) => ({ open: true, key: current.key + 1, property: chosen }))}
              onDelete={(chosen) =>
                setDeletion((current) => ({
                  open: true,
                  key: current.key + 1,
                  target: { kind: "property", property: chosen },
                }))}
              onEditUnit={(unit) =>
                setUnitDialog((current) => ({
                  open: true,
                  key: current.key + 1,
                  target: { mode: "edit", unit },
                }))}
              onDeleteUnit={(unit) =>
                setDeletion((current) => ({
                  open: true,
                  key: current.key + 1,
                  target: { kind: "unit", unit },
                }))}
              onShowQr={(unit) => setQr((current) => ({ open: true, key: current.key + 1, unit }))}
            />
          ))}
        </div>
      )}

      {page && page.totalPages > 1 && (
        <PagePagination
          t={t}
          lang={lang}
          page={page}
          pageSize={PAGE_SIZE}
          isLoading={isLoading}
          onPage={setPageNumber}
        />
      )}

      {settings.property && (
        <PropertySettingsDialog
          key={`settings-${settings.key}`}
          open={settings.open}
          property={settings.property}
          onClose={() => setSettings((current) => ({ ...current, open: false }))}
          onSaved={(saved) => {
            updateProperties((properties) =>
              properties.map((property) => property.id === saved.id ? saved : property)
            );
            setSettings((current) => ({ ...current, open: false }));
          }}
        />
      )}

      {unitDialog.target && (
        <UnitDialog
          key={`unitDialog-${unitDialog.key}`}
          open={unitDialog.open}
          target={unitDialog.target}
          properties={page?.items ?? []}
          onClose={() => setUnitDialog((current) => ({ ...current, open: false }))}
          onSaved={unitSaved}
        />
      )}

      {qr.unit && (
        <UnitQrDialog
          key={`qr-${qr.key}`}
          open={qr.open}
          unit={qr.unit}
          onClose={() => setQr((current) => ({ ...current, open: false }))}
        />
      )}

      <ConfirmDialog
        t={t}
        open={deletion.open}
        tone="danger"
        title={t(deleting?.kind === "unit" ? "units.deleteTitle" : "properties.deleteTitle")}
        confirmLabel={t(
          deleting?.kind === "unit" ? "units.deleteConfirm" : "properties.deleteConfirm",
        )}
        busy={isDeleting}
        onConfirm={confirmDeletion}
        onClose={() => setDeletion((current) => ({ ...current, open: false }))}
      >
        <p>
          {deleting?.kind === "unit"
            ? t("units.deleteText", { name: deleting.unit.name })
            : t("properties.deleteText", { name: deleting?.property.name ?? "" })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
