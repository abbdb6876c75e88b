import { FeedbackSubmitted } from "@shared/events.ts";
import type { FeedbackRequest } from "@shared/schemas/feedback.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import { feedback } from "../../db/schema/feedback.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { refuseDuringImpersonation } from "../users/reauthenticate.ts";

/**
 * Stores a signed-in host's feedback and, in the same transaction, the event that makes the
 * notifications worker mail it to support (never inside the request). An administrator acting as
 * the host cannot speak for them.
 */
export async function submitFeedback(
  ctx: ServiceContext,
  input: FeedbackRequest,
): Promise<{ id: string }> {
  const actor = actorOf(ctx);
  refuseDuringImpersonation(actor);
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(feedback).values({
      id,
      userId: actor.id,
      category: input.category,
      rating: input.rating,
      text: input.text,
      language: actor.language === "en" ? "en" : "hr",
      createdAt: ctx.now,
    });
    await appendEvent(tx, FeedbackSubmitted, { feedbackId: id }, ctx.now);
  });
  return { id };
}
