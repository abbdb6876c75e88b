import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { FeedbackDialog } from "./FeedbackDialog.tsx";

/** The address fragment the profile menu's "Feedback" item opens the dialog with. */
export const FEEDBACK_HASH = "#povratne-informacije";

/**
 * "Povratne informacije / Feedback" on the help page (/app/kontakt): a card whose button opens the
 * feedback dialog; arriving with #povratne-informacije (the profile menu's item) opens it at once.
 */
export function FeedbackCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const openFromHash = () => {
      if (location.hash === FEEDBACK_HASH) setOpen(true);
    };
    openFromHash();
    addEventListener("hashchange", openFromHash);
    return () => removeEventListener("hashchange", openFromHash);
  }, []);

  function close() {
    setOpen(false);
    if (location.hash === FEEDBACK_HASH) {
      history.replaceState(null, "", location.pathname + location.search);
    }
  }

  return (
    <section
      id="povratne-informacije"
      aria-labelledby="feedback-heading"
      className="mt-8 rounded-2xl border border-border bg-surface-muted p-5"
    >
      <h2 id="feedback-heading" className="flex items-center gap-2 text-lg font-bold">
        <Icon name="megaphone" className="size-5 text-primary" />
        {t("feedback.heading")}
      </h2>
      <p className="mt-2 text-fg-muted">{t("feedback.cardText")}</p>
      <Button variant="secondary" onClick={() => setOpen(true)} className="mt-4">
        {t("feedback.open")}
      </Button>
      <FeedbackDialog t={t} open={open} onClose={close} />
    </section>
  );
}
