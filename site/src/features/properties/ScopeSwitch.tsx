import { useId } from "react";
import type { PropertyScopeField } from "@shared/schemas/list-query.ts";
import type { Translate } from "../../i18n/translate.ts";

const SCOPES: PropertyScopeField[] = ["All", "Own", "Shared"];

/**
 * All · Own · Shared with me: which properties the list shows, for someone who belongs to
 * another host's property (issue 22). Native radios (transparent, over their labels), so arrows
 * move between the choices and a tap anywhere on one chooses it.
 */
export function ScopeSwitch(
  { t, value, onChange }: {
    t: Translate;
    value: PropertyScopeField;
    onChange: (scope: PropertyScopeField) => void;
  },
) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">{t("properties.scope.label")}</legend>
      <div className="inline-flex flex-wrap rounded-xl border border-border bg-surface-muted/70 p-1">
        {SCOPES.map((scope) => (
          <label
            key={scope}
            className={`relative cursor-pointer rounded-lg px-3.5 py-2 text-[0.9375rem] font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-ring ${
              value === scope
                ? "bg-primary-soft text-primary-soft-fg shadow-xs"
                : "text-fg-muted hover:text-fg"
            }`}
          >
            <input
              type="radio"
              name={name}
              value={scope}
              checked={value === scope}
              onChange={() => onChange(scope)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0"
            />
            {t(`properties.scope.${scope}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
