import { stayCheckInPath } from "@shared/app-routes.ts";

/** The guests' check-in page of a stay (spec section 2: /prijava/rezervacija/{code}). */
export function checkInLinkOf(code: string): string {
  return `${location.origin}${stayCheckInPath(code)}`;
}

/** WhatsApp's share address with the message (and the link in it) filled in. */
export function whatsAppShareUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** A new e-mail in the person's mail program, with subject and text filled in. */
export function mailShareUrl(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
