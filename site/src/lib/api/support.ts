import type { z } from "zod";
import type { ContactMessage, ContactMessageAccepted } from "@shared/schemas/contact-message.ts";
import { apiPost } from "./client.ts";

export type ContactMessageReply = z.infer<typeof ContactMessageAccepted>;

/** POST /api/Support/contact-form: the public and in-app contact forms. */
export function sendContactMessage(
  message: ContactMessage,
  signal?: AbortSignal,
): Promise<ContactMessageReply> {
  return apiPost<ContactMessageReply>("/api/Support/contact-form", message, signal);
}
