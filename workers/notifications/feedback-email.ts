import type { OutgoingMail } from "./mailer.ts";

export interface StoredFeedback {
  id: string;
  category: string;
  rating: number;
  text: string;
  language: string;
  createdAt: Date;
  userEmail: string;
}

/**
 * The e-mail support receives for a host's feedback. Support answers by replying, so the host's
 * address is the Reply-To; the From stays our own address so SPF/DKIM hold. The subject carries
 * only the category and rating (no text of the host's), so no header can be forged.
 */
export function composeFeedbackEmail(
  item: StoredFeedback,
  { supportEmail, from, publicUrl }: { supportEmail: string; from: string; publicUrl: string },
): OutgoingMail {
  return {
    to: supportEmail,
    from,
    replyTo: item.userEmail,
    subject: `Povratne informacije: ${item.category}, ${item.rating}/5`,
    text: [
      `Nove povratne informacije / New feedback`,
      ``,
      `Korisnik / Host: ${item.userEmail}`,
      `Vrsta / Category: ${item.category}`,
      `Ocjena / Rating: ${item.rating}/5`,
      `Jezik / Language: ${item.language}`,
      `Poslano / Sent: ${item.createdAt.toISOString()}`,
      `ID: ${item.id}`,
      `Popis / List: ${publicUrl}/admin/povratne-informacije`,
      ``,
      item.text,
    ].join("\n"),
  };
}
