import { useId } from "react";
import { Icon } from "./Icon.tsx";

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A list's search box; the list follows as the person types. */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  const id = useId();
  return (
    <div role="search" className="w-full sm:max-w-sm">
      <label htmlFor={id} className="block text-sm font-semibold">{label}</label>
      <div className="relative mt-1.5">
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-fg-muted"
        />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          className="block w-full rounded-xl border border-border-strong/80 bg-surface py-2.5 pr-3.5 pl-11 text-base text-fg shadow-xs transition-colors placeholder:text-fg-muted/70 hover:border-fg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
      </div>
    </div>
  );
}
