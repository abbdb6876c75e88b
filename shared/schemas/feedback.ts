import { z } from "zod";
import { message } from "../messages.ts";
import { DateTime, requiredText } from "./fields.ts";
import { queryWholeNumber } from "./list-query.ts";

/** What a host's feedback is about. */
export const FEEDBACK_CATEGORIES = ["idea", "problem", "praise", "other"] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FeedbackCategorySchema = z
  .enum(FEEDBACK_CATEGORIES, { error: message("selectRequired") })
  .meta({ id: "FeedbackCategory" });

const rating = z
  .number({ error: message("ratingRequired") })
  .int({ error: message("ratingRequired") })
  .min(1, { error: message("ratingRequired") })
  .max(5, { error: message("ratingRequired") });

/** POST /Support/feedback: a signed-in host's category, rating (1–5) and text. */
export const FeedbackRequest = z
  .object({
    category: FeedbackCategorySchema,
    rating,
    text: requiredText("message", 4000),
  })
  .meta({ id: "FeedbackRequest" });
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
export type FeedbackRequestInput = z.input<typeof FeedbackRequest>;

export const FeedbackAccepted = z.object({ id: z.string() }).meta({ id: "FeedbackAccepted" });

/** One feedback as administrators list it. */
export const FeedbackItem = z
  .object({
    id: z.string(),
    category: FeedbackCategorySchema,
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    userEmail: z.string(),
    createdAt: DateTime,
    emailedAt: DateTime.nullable(),
  })
  .meta({ id: "FeedbackItem" });
export type FeedbackItem = z.infer<typeof FeedbackItem>;

/** GET /Support/feedback: newest first, filtered by category and rating. */
export const FeedbackListQuery = z.object({
  PageNumber: queryWholeNumber(1, 1_000_000),
  PageSize: queryWholeNumber(1, 100),
  Category: FeedbackCategorySchema.optional(),
  Rating: queryWholeNumber(1, 5).optional(),
});
export type FeedbackListQuery = z.infer<typeof FeedbackListQuery>;
