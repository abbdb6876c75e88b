/* The link itself, in the guests' language: share-messages.ts. */

/** WhatsApp's share address with the message (and the link in it) filled in. */
export function whatsAppShareUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** A new e-mail in the person's mail program, with subject and text filled in. */
export function mailShareUrl(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
