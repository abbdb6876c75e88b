import type { Translate } from "../../i18n/translate.ts";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { Button } from "../../ui/Button.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import type { TaxCategoriesLoad } from "./use-tax-categories.ts";

/**
 * The guest's tourist-tax category: automatic (by age on arrival) or one eVisitor offers for the
 * property, named as eVisitor names it ("11 Studenti"). A choice no longer offered stays shown
 * as such, so the host sees why it is refused.
 */
export function TaxCategoryField(
  { t, load, onRetry, name, value, error, onChange, description, automatic = true }: {
    t: Translate;
    load: TaxCategoriesLoad;
    onRetry: () => void;
    name: string;
    value: string;
    error?: string;
    onChange: (event: { target: { value: string } }) => void;
    /** Replaces the usual hint (the held guest's dialog says its own). */
    description?: string;
    /** Whether "automatic (by age)" is a choice; without it a category must be chosen. */
    automatic?: boolean;
  },
) {
  if (load.status === "idle" || load.status === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 self-center text-sm text-fg-muted">
        <Spinner />
        {t("guests.form.loadingTaxCategories")}
      </p>
    );
  }
  if (load.status === "failed") {
    return (
      <div role="alert" className="text-sm text-fg-muted">
        <p>{t("guests.form.taxCategoriesFailed")}</p>
        <Button variant="ghost" size="sm" className="mt-1" onClick={onRetry}>
          {t("guests.form.reloadTaxCategories")}
        </Button>
      </div>
    );
  }
  const offered = load.categories.map((c) => ({
    value: c.code,
    label: `${c.code} ${c.name}`.trim(),
  }));
  if (value && !offered.some((option) => option.value === value)) {
    offered.push({ value, label: t("guests.form.taxCategoryGone", { code: value }) });
  }
  return (
    <SelectField
      name={name}
      label={t("guests.form.taxCategory")}
      description={description ??
        (load.categories.length > 0
          ? t("guests.form.taxCategoryHint")
          : t("guests.form.taxCategoriesUnread"))}
      value={value}
      onChange={onChange}
      error={error}
      required={!automatic}
      options={[
        {
          value: "",
          label: automatic ? t("guests.form.taxCategoryAutomatic") : t("guests.form.choose"),
        },
        ...offered,
      ]}
    />
  );
}
