import type { HostContact as Contact } from "@shared/schemas/host-contact.ts";
import { whatsAppLink } from "@shared/whatsapp-link.ts";
import { Icon } from "./CheckinIcon.tsx";
import { useTranslator } from "./i18n-context.ts";

const LINK =
  "inline-flex min-h-11 items-center gap-2 rounded-xl border border-border-strong/50 bg-surface px-4 font-semibold text-fg shadow-xs hover:bg-surface-muted";

/**
 * The host's contact for guests (issue 20): phone, WhatsApp and e-mail as the host gave them in
 * the property settings, on every state of the page. Nothing when the host gave none: never the
 * product's own address, which cannot open a door.
 */
export function HostContact({ contact }: { contact: Contact | null | undefined }) {
  const { t } = useTranslator();
  if (!contact) return null;
  return (
    <section aria-labelledby="host-contact" className="text-center">
      <h2 id="host-contact" className="text-sm font-semibold text-fg-muted">
        {t("host.heading")}
      </h2>
      <ul className="mt-2 flex flex-wrap justify-center gap-2.5">
        {contact.phone && (
          <li>
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className={LINK}>
              <Icon name="phone" className="size-5 text-primary" />
              {t("host.phone", { number: contact.phone })}
            </a>
          </li>
        )}
        {contact.whatsApp && (
          <li>
            <a
              href={whatsAppLink(contact.whatsApp)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("host.whatsAppLabel")}
              className={LINK}
            >
              <Icon name="speech" className="size-5 text-primary" />
              {t("host.whatsApp")}
            </a>
          </li>
        )}
        {contact.email && (
          <li>
            <a href={`mailto:${contact.email}`} className={`${LINK} break-all`}>
              <Icon name="envelope" className="size-5 text-primary" />
              <span>
                <span className="sr-only">{t("host.email")}:</span> {contact.email}
              </span>
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}

/** The host's contact a failed read carries (NoStayToday names it), if any. */
export function contactOfError(error: unknown): Contact | null {
  const body = (error as { body?: { hostContact?: Contact | null } } | undefined)?.body;
  return body && typeof body === "object" ? body.hostContact ?? null : null;
}
