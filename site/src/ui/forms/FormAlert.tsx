import type { ReactNode, Ref } from "react";
import { FormNotice } from "./FormNotice.tsx";

interface FormAlertProps {
  /** The form focuses the region when it has something to say. */
  ref?: Ref<HTMLDivElement>;
  /** Already translated; without it the region stays empty (and takes no room). */
  message?: string;
  tone?: "error" | "warning" | "info";
  /** Further content under the message, e.g. a button. */
  action?: ReactNode;
}

/**
 * The alert region at the top of a form: always in the page, so that a message put into it is
 * announced, and focusable, so that the form can move focus to it.
 */
export function FormAlert({ ref, message, tone = "error", action }: FormAlertProps) {
  return (
    <div ref={ref} role="alert" tabIndex={-1} className="focus:outline-none empty:hidden">
      {message && <FormNotice tone={tone} action={action}>{message}</FormNotice>}
    </div>
  );
}
