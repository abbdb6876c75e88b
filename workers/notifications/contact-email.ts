import type { OutgoingMail } from "./mailer.ts";

export interface StoredContactMessage {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  language: string;
  createdAt: Date;
}

/**
 * The e-mail support receives for a contact message. Support answers by replying, so the
 * sender's address is the Reply-To; the From stays our own address so SPF/DKIM hold.
 */
export function composeContactEmail(
  contact: StoredContactMessage,
  { supportEmail, from }: { supportEmail: string; from: string },
): OutgoingMail {
  const name = `${contact.firstName} ${contact.lastName}`;
  return {
    to: supportEmail,
    from,
    replyTo: contact.email,
    subject: `Kontakt obrazac: ${name}`,
    text: [
      `Nova poruka s kontakt obrasca / New contact form message`,
      ``,
      `Ime / Name: ${name}`,
      `E-mail: ${contact.email}`,
      `Jezik / Language: ${contact.language}`,
      `Poslano / Sent: ${contact.createdAt.toISOString()}`,
      `ID: ${contact.id}`,
      ``,
      contact.message,
    ].join("\n"),
  };
}
