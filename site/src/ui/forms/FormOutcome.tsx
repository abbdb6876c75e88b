import type { Ref } from "react";
import { FormNotice } from "./FormNotice.tsx";

interface FormOutcomeProps {
  /** The form focuses the region once the outcome shows. */
  ref?: Ref<HTMLDivElement>;
  /** The message of a saved change, announced as a status; already translated. */
  success?: string;
  /** The message of a failed one, announced as an alert; already translated. */
  failure?: string;
}

/** Where a settings form tells how its submission went; empty (and taking no room) until then. */
export function FormOutcome({ ref, success, failure }: FormOutcomeProps) {
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none empty:hidden">
      {success && (
        <div role="status">
          <FormNotice tone="success">{success}</FormNotice>
        </div>
      )}
      {failure && (
        <div role="alert">
          <FormNotice tone="error">{failure}</FormNotice>
        </div>
      )}
    </div>
  );
}
