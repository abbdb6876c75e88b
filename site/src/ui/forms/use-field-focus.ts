import { useRef } from "react";

/**
 * Refs for a form and its message region, and `focusField`: after the next paint (once the new
 * error or message shows) it focuses the named field or, without one, the message region.
 */
export function useFieldFocus<Field extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  function focusField(field: Field | undefined) {
    requestAnimationFrame(() =>
      field
        ? formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()
        : messageRef.current?.focus()
    );
  }

  return { formRef, messageRef, focusField };
}
