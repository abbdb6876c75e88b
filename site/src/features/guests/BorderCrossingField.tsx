import type { Translate } from "../../i18n/translate.ts";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { Button } from "../../ui/Button.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import type { CrossingsLoad } from "./use-border-crossings.ts";

/**
 * eVisitor's crossings as a list to choose from; should the list not be there (not read yet from
 * eVisitor, or not loading), the crossing's code can be typed.
 */
export function BorderCrossingField(
  { t, load, onRetry, hasStay, name, value, error, onChange }: {
    t: Translate;
    load: CrossingsLoad;
    onRetry: () => void;
    hasStay: boolean;
    name: string;
    value: string;
    error?: string;
    onChange: (event: { target: { value: string } }) => void;
  },
) {
  const label = t("guests.form.borderCrossing");
  if (load.status === "loaded" && load.crossings.length > 0) {
    return (
      <SelectField
        name={name}
        label={label}
        required
        value={value}
        onChange={onChange}
        error={error}
        options={[
          { value: "", label: t("guests.form.choose") },
          ...load.crossings.map((crossing) => ({ value: crossing.code, label: crossing.name })),
        ]}
      />
    );
  }
  if (load.status === "loading" || (load.status === "idle" && hasStay)) {
    return (
      <p role="status" className="flex items-center gap-2 self-center text-sm text-fg-muted">
        <Spinner />
        {t("guests.form.loadingCrossings")}
      </p>
    );
  }
  return (
    <div>
      <TextField
        name={name}
        label={label}
        description={hasStay ? t("guests.form.crossingCode") : t("guests.form.crossingNeedsStay")}
        required
        maxLength={20}
        value={value}
        onChange={onChange}
        error={error}
      />
      {load.status === "failed" && (
        <Button variant="ghost" size="sm" className="mt-1" onClick={onRetry}>
          {t("guests.form.reloadCrossings")}
        </Button>
      )}
    </div>
  );
}
