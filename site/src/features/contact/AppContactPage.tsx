import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { getProfile } from "../../lib/api/account.ts";
import { accountAtom } from "../../lib/session/session-state.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { Icon } from "../../ui/Icon.tsx";
import ContactForm from "./ContactForm.tsx";
import { FeedbackCard } from "./FeedbackCard.tsx";

/**
 * /app/kontakt: the contact heading, intro and form of ContactSection.astro
 * inside the app shell, in the preferred language, with the host's e-mail and their profile's
 * name filled in.
 */
export default function AppContactPage() {
  return (
    <AppFrame titleKey="nav.contact">
      <AppContact />
    </AppFrame>
  );
}

function AppContact() {
  const { t, lang } = useTranslation();
  const account = useAtomValue(accountAtom);
  const [profileName, setProfileName] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // Only a convenience: without the profile the name fields simply start empty.
    getProfile(controller.signal).then((profile) => setProfileName(profile.fullName), () => {});
    return () => controller.abort();
  }, []);
  return (
    <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_1.6fr] lg:gap-14">
      <div>
        <span className="grid size-12 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
          <Icon name="chat" className="size-6" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight sm:text-4xl">
          {t("contact.heading")}
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-fg-muted">{t("contact.intro")}</p>
        <p className="mt-6 flex items-start gap-2 text-sm text-fg-muted">
          <Icon name="shield" className="mt-px size-4 shrink-0 text-success" />
          {t("contact.replyNote")}
        </p>
        <FeedbackCard />
      </div>
      <div className="rounded-3xl border border-border bg-surface p-5 shadow-sm sm:p-8">
        <ContactForm lang={lang} defaultEmail={account?.email} defaultName={profileName} />
      </div>
    </div>
  );
}
