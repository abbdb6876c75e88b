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
 * A name on one line: line breaks (CR, LF, NEL, the Unicode line and paragraph separators) and
 * other control characters become a space. Names go into the subject and into the "Name:" line,
 * where a line break would forge headers or lines of the message; the message itself keeps its.
 */
function oneLine(text: string): string {
  // deno-lint-ignore no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
}

/**
 * The e-mail support receives for a contact message. Support answers by replying, so the
 * sender's address is the Reply-To; the From stays our own address so SPF/DKIM hold.
 */
export function composeContactEmail(
  contact: StoredContactMessage,
  { supportEmail, from }: { supportEmail: string; from: string },
): OutgoingMail {
  const name = `${oneLine(contact.firstName)} ${oneLine(contact.lastName)}`;
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
