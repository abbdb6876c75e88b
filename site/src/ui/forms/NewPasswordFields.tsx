import { useTranslation } from "../../i18n/use-translation.ts";
import { passwordHint } from "./password-rules.ts";
import { TextField } from "./TextField.tsx";

interface NewPasswordFieldsProps<Field extends string> {
  /** Name and label of the new password, which carries the password rules as its hint. */
  name: Field;
  label: string;
  /** Name and label of the same password typed again. */
  confirmName: Field;
  confirmLabel: string;
  /** The translated error of a field, if it has one. */
  errorOf: (field: Field) => string | undefined;
}

/** A new password and its confirmation, both offered to password managers as a new password. */
export function NewPasswordFields<Field extends string>(
  { name, label, confirmName, confirmLabel, errorOf }: NewPasswordFieldsProps<Field>,
) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name={name}
        type="password"
        label={label}
        description={passwordHint(t)}
        autoComplete="new-password"
        maxLength={128}
        required
        error={errorOf(name)}
      />
      <TextField
        name={confirmName}
        type="password"
        label={confirmLabel}
        autoComplete="new-password"
        maxLength={128}
        required
        error={errorOf(confirmName)}
      />
    </>
  );
}
