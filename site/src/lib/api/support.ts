import type { z } from "zod";
import type { ContactMessage, ContactMessageAccepted } from "@shared/schemas/contact-message.ts";
import type { FeedbackCategory, FeedbackItem, FeedbackRequest } from "@shared/schemas/feedback.ts";
import { apiGet, apiPost } from "./client.ts";
import type { Paged } from "./paged.ts";

export type ContactMessageReply = z.infer<typeof ContactMessageAccepted>;

/** POST /api/Support/contact-form: the public and in-app contact forms. */
export function sendContactMessage(
  message: ContactMessage,
  signal?: AbortSignal,
): Promise<ContactMessageReply> {
  return apiPost<ContactMessageReply>("/api/Support/contact-form", message, signal);
}

/** POST /api/Support/feedback: a signed-in host's feedback. */
export function sendFeedback(feedback: FeedbackRequest): Promise<{ id: string }> {
  return apiPost<{ id: string }>("/api/Support/feedback", feedback);
}

/** GET /api/Support/feedback: every host's feedback (administrators). */
export function listFeedback(
  query: { PageNumber: number; PageSize: number; Category?: FeedbackCategory; Rating?: number },
  signal?: AbortSignal,
): Promise<Paged<FeedbackItem>> {
  return apiGet<Paged<FeedbackItem>>("/api/Support/feedback", query, signal);
}
