import { useState } from "react";
import type { PropertyScopeField } from "@shared/schemas/list-query.ts";
import { roleMay } from "@shared/property-rights.ts";
import type { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import type { Property } from "@shared/schemas/property.ts";
import { deleteUnit } from "../../lib/api/accommodation-units.ts";
import { deleteProperty, listProperties } from "../../lib/api/properties.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { translatePlural } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { ListCount } from "../../ui/ListCount.tsx";
import { SearchField } from "../../ui/SearchField.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";
import { useShown } from "../../ui/use-shown.ts";
import { ListShell } from "../../shell/ListShell.tsx";
import { MembersDialog } from "./MembersDialog.tsx";
import { PropertyCard } from "./PropertyCard.tsx";
import { ScopeSwitch } from "./ScopeSwitch.tsx";
import { PropertySettingsDialog } from "./PropertySettingsDialog.tsx";
import { UnitDialog, type UnitDialogTarget } from "./UnitDialog.tsx";
import { UnitQrDialog } from "./UnitQrDialog.tsx";
import { useHasSharedProperties } from "./use-has-shared-properties.ts";

const PAGE_SIZE = 50;

type Deletion =
  | { kind: "property"; property: Property }
  | { kind: "unit"; unit: AccommodationUnit };

/**
 * The properties page's content: search, the own/shared switch (for those in another host's
 * team), the property cards, and their dialogs (settings, team, unit, QR code, delete), each
 * outcome with a snackbar (spec section 8).
 */
export function PropertyList() {
  const { t, lang } = useTranslation();
  const [scope, setScope] = useState<PropertyScopeField>("All");
  const hasShared = useHasSharedProperties();
  const list = usePagedList({
    load: ({ pageNumber, searchTerm, signal }) =>
      listProperties(
        { pageNumber, pageSize: PAGE_SIZE, sortBy: "name", searchValue: searchTerm, scope },
        signal,
      ),
    deps: [scope],
    onFailed: (error) =>
      notify(t("properties.toast.loadFailed", { reason: describeApiError(t, error) }), {
        color: "error",
      }),
  });
  const {
    search,
    setSearch,
    searchTerm,
    load,
    page,
    isLoading,
    reloadAfterRemoval,
    updateItems: updateProperties,
    setPageNumber,
  } = list;
  // The dialogs are siblings, so each one's key is prefixed with its name.
  const settings = useShown<Property>();
  const unitDialog = useShown<UnitDialogTarget>();
  const qr = useShown<AccommodationUnit>();
  const members = useShown<Property>();
  const deletion = useShown<Deletion>();
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
    unitDialog.hide();
  }

  /** A renewed door code: the list (and a QR dialog opened later) shows the new one. */
  function unitRenewed(unit: AccommodationUnit) {
    updateProperties((properties) =>
      properties.map((property) => ({
        ...property,
        accommodationUnits: property.accommodationUnits.map((item) =>
          item.id === unit.id ? { ...item, code: unit.code } : item
        ),
      }))
    );
  }

  async function confirmDeletion() {
    const target = deletion.value;
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
      deletion.hide();
    }
  }

  const hasNone = page !== undefined && page.totalCount === 0 && searchTerm === "" &&
    search === "" && scope === "All";
  const deleting = deletion.value;

  return (
    <div className="mt-8 space-y-5">
      {hasShared && (
        <ScopeSwitch
          t={t}
          value={scope}
          onChange={(chosen) => {
            setScope(chosen);
            setPageNumber(1);
          }}
        />
      )}
      {!hasNone && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <SearchField
            label={t("properties.search")}
            placeholder={t("properties.searchPlaceholder")}
            value={search}
            onChange={setSearch}
          />
          <ListCount
            t={t}
            isLoading={isLoading && page !== undefined}
            count={load.status === "loaded"
              ? translatePlural(lang, "properties.count", load.page.totalCount)
              : undefined}
          />
        </div>
      )}

      {/* Properties come from eVisitor: without any, the way forward is connecting an account. */}
      <ListShell
        t={t}
        lang={lang}
        list={list}
        pageSize={PAGE_SIZE}
        isEmpty={hasNone}
        empty={
          <EmptyState
            icon="home"
            title={t("properties.emptyTitle")}
            text={t("properties.emptyText")}
            action={{
              label: t("properties.emptyAction"),
              icon: "link",
              href: ROUTES.externalAccounts,
            }}
          />
        }
        noItems={
          <p className="rounded-2xl border border-border bg-surface px-4 py-10 text-center text-fg-muted">
            {t("properties.noMatches")}
          </p>
        }
        className="grid items-start gap-5 2xl:grid-cols-2"
      >
        {(page) =>
          page.items.map((property) => (
            <PropertyCard
              key={property.id}
              t={t}
              lang={lang}
              property={property}
              onAddUnit={(chosen) => unitDialog.show({ mode: "create", propertyId: chosen.id })}
              onSettings={settings.show}
              onDelete={(chosen) => deletion.show({ kind: "property", property: chosen })}
              onEditUnit={(unit) => unitDialog.show({ mode: "edit", unit })}
              onDeleteUnit={(unit) => deletion.show({ kind: "unit", unit })}
              onShowQr={qr.show}
              onMembers={members.show}
            />
          ))}
      </ListShell>

      {settings.value && (
        <PropertySettingsDialog
          key={`settings-${settings.key}`}
          open={settings.open}
          property={settings.value}
          onClose={settings.hide}
          onSaved={(saved) => {
            updateProperties((properties) =>
              properties.map((property) => property.id === saved.id ? saved : property)
            );
            settings.hide();
          }}
        />
      )}

      {members.value && (
        <MembersDialog
          key={`members-${members.key}`}
          open={members.open}
          property={members.value}
          onClose={members.hide}
        />
      )}

      {unitDialog.value && (
        <UnitDialog
          key={`unitDialog-${unitDialog.key}`}
          open={unitDialog.open}
          target={unitDialog.value}
          properties={page?.items ?? []}
          onClose={unitDialog.hide}
          onSaved={unitSaved}
        />
      )}

      {qr.value && (
        <UnitQrDialog
          key={`qr-${qr.key}`}
          open={qr.open}
          unit={qr.value}
          onClose={qr.hide}
          onRenewed={unitRenewed}
          canRenew={roleMay(
            page?.items.find((item) => item.id === qr.value?.propertyId)?.role ?? "Owner",
            "settings",
          )}
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
        onClose={deletion.hide}
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
