import type { ReactNode } from "react";
import { Description, Field, Label, Switch } from "@headlessui/react";

interface SwitchFieldProps {
  name: string;
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Beside the label, e.g. a help button (kept outside the switch's own label). */
  extra?: ReactNode;
}

/** An on/off setting: a switch (role "switch") with its label and explanation. */
export function SwitchField(
  { name, label, description, checked, onChange, extra }: SwitchFieldProps,
) {
  return (
    <Field className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <div className="flex items-center gap-1.5">
          <Label className="text-[0.9375rem] font-semibold text-fg">{label}</Label>
          {extra}
        </div>
        {description && (
          <Description className="mt-0.5 text-sm text-fg-muted">{description}</Description>
        )}
      </div>
      {/* The button is 44 px tall for a finger; the track inside it is drawn smaller. */}
      <Switch
        name={name}
        checked={checked}
        onChange={onChange}
        className="group -mt-1.5 inline-flex h-11 w-12 shrink-0 cursor-pointer items-center focus:outline-none"
      >
        <span className="inline-flex h-7 w-12 items-center rounded-full border border-border-strong/60 bg-surface-muted transition-colors group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-ring group-data-checked:border-primary group-data-checked:bg-primary">
          <span
            aria-hidden="true"
            className="size-5 translate-x-1 rounded-full bg-surface shadow-sm ring-1 ring-border-strong/40 transition-transform group-data-checked:translate-x-6 group-data-checked:ring-0"
          />
        </span>
      </Switch>
    </Field>
  );
}
