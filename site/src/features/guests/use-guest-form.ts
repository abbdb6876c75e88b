import { type FormEvent, useEffect, useState } from "react";
import { needsBorderCrossing } from "@shared/eu-countries.ts";
import { message } from "@shared/messages.ts";
import { type Guest, GuestForm, type StayGuest } from "@shared/schemas/guest.ts";
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import { checkInGuests } from "../../lib/api/guests.ts";
import { fieldErrorsFromZod } from "../../lib/forms/field-errors.ts";
import { notify } from "../../lib/state/snackbars.ts";
import type { Translate } from "../../i18n/translate.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import {
  EMPTY_GUEST,
  GUEST_FIELDS,
  type GuestField,
  guestFormInput,
  type GuestFormValues,
  valuesOfGuest,
} from "./guest-form-values.ts";
import { useBorderCrossings } from "./use-border-crossings.ts";
import { useTaxCategories } from "./use-tax-categories.ts";
import { useStayChoices } from "./use-stay-choices.ts";

/** A new guest of one of the property's stays, or a guest to fix (with what is stored). */
export type GuestFormTarget =
  | { mode: "add" }
  | {
    mode: "edit";
    item: GuestListItem;
    guest: Guest;
    /** A failed re-send whose field errors the dialog opens with. */
    failure?: unknown;
  };

/** What a field of the form is given: its name, value and error, and how it changes. */
export interface GuestFieldProps {
  name: keyof GuestFormValues;
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}

interface GuestFormOptions {
  t: Translate;
  target: GuestFormTarget;
  /** The property chosen on the page: a new guest joins one of its stays. */
  propertyId: string;
  /** The guest as stored; reception's answer has no personal data (ReceptionGuest). */
  onSaved: (guest: StayGuest) => void;
}

/**
 * The guest form's state and its submit: the values, checked with the shared GuestForm's rules
 * before sending (a field that shows an error is checked again as it is corrected), the stay a
 * new guest joins, the border crossings a guest from outside the EU needs, and the server's own
 * field errors shown at their fields.
 */
export function useGuestForm({ t, target, propertyId, onSaved }: GuestFormOptions) {
  const editing = target.mode === "edit" ? target : undefined;
  const [values, setValues] = useState<GuestFormValues>(
    editing ? valuesOfGuest(editing.guest) : EMPTY_GUEST,
  );
  const stays = useStayChoices(editing ? undefined : propertyId);
  const [stayCode, setStayCode] = useState(editing?.item.reservationCode ?? "");
  const reservationCode = editing?.item.reservationCode ?? stayCode;
  const outsideEu = needsBorderCrossing(values.countryOfResidence);
  const crossings = useBorderCrossings(reservationCode || undefined, outsideEu);
  const taxCategories = useTaxCategories(reservationCode || undefined);
  const { formRef, messageRef, focusField } = useFieldFocus<GuestField>();
  const { errorOf, showErrors, showServerErrors, clearErrors, recheck } = useFieldErrors(
    GUEST_FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  // With one stay to choose from, it is chosen.
  useEffect(() => {
    if (stays.load.status === "loaded" && stays.load.stays.length === 1 && !stayCode) {
      setStayCode(stays.load.stays[0].code);
    }
  }, [stays.load]);

  // A re-send that eVisitor's rules (or ours) refused opens with its errors at the fields.
  useEffect(() => {
    if (!editing?.failure) return;
    const field = showServerErrors(editing.failure);
    setAlert(field ? undefined : describeApiError(t, editing.failure));
  }, []);

  function set(field: keyof GuestFormValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    recheck(field, () => GuestForm.safeParse(guestFormInput(next)));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = GuestForm.safeParse(guestFormInput(values));
    if (!reservationCode || !parsed.success) {
      const errors = parsed.success ? {} : fieldErrorsFromZod(parsed.error, GUEST_FIELDS);
      if (!reservationCode) errors.reservationCode = [message("selectRequired")];
      setAlert(undefined);
      focusField(showErrors(errors));
      return;
    }

    clearErrors();
    setAlert(undefined);
    setBusy(true);
    try {
      const [saved] = await checkInGuests([{
        id: editing?.item.id,
        reservationCode,
        guest: parsed.data,
        taxCategory: values.taxCategory || null,
      }]);
      const name = `${saved.name} ${saved.surname}`;
      notify(
        t(
          saved.registrationState === "waiting"
            ? "guests.toast.savedWaiting"
            : "guests.toast.saved",
          {
            name,
          },
        ),
        { color: "success" },
      );
      onSaved(saved);
    } catch (error) {
      const field = showServerErrors(error);
      setAlert(field ? undefined : describeApiError(t, error));
      notify(t("guests.toast.saveFailed"), { color: "error" });
      focusField(field);
    } finally {
      setBusy(false);
    }
  }

  return {
    editing,
    /** A field's props, for the TextField, SelectField or DateField that shows it. */
    field: (name: keyof GuestFormValues): GuestFieldProps => ({
      name,
      value: values[name],
      error: errorOf(name),
      onChange: (event) => set(name, event.target.value),
    }),
    stays,
    stayCode,
    stayError: errorOf("reservationCode"),
    chooseStay(code: string) {
      setStayCode(code);
      recheck("reservationCode", () => ({ success: true }));
    },
    reservationCode,
    outsideEu,
    crossings,
    taxCategories,
    alert,
    isBusy,
    handleSubmit,
    formRef,
    messageRef,
  };
}
