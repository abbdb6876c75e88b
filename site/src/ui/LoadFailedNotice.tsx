import type { Translate } from "../i18n/translate.ts";
import { describeApiError } from "../i18n/server-messages.ts";
import { FormNotice } from "./forms/FormNotice.tsx";
import { Button } from "./Button.tsx";

interface LoadFailedNoticeProps {
  t: Translate;
  /** What the failed request threw. */
  error: unknown;
  onRetry: () => void;
}

/** Data that could not be loaded: why, announced as an alert, and a button to try again. */
export function LoadFailedNotice({ t, error, onRetry }: LoadFailedNoticeProps) {
  return (
    <div role="alert">
      <FormNotice
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t("app.retry")}
          </Button>
        }
      >
        {describeApiError(t, error)}
      </FormNotice>
    </div>
  );
}
