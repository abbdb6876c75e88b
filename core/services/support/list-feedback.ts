import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { toPagedResult } from "@shared/schemas/paged.ts";
import type { FeedbackCategory, FeedbackItem } from "@shared/schemas/feedback.ts";
import type { ServiceContext } from "../../context.ts";
import { feedback } from "../../db/schema/feedback.ts";
import { users } from "../../db/schema/users.ts";

export interface FeedbackListInput {
  pageNumber: number;
  pageSize: number;
  category?: FeedbackCategory;
  rating?: number;
}

/** Every host's feedback, newest first, for administrators (the route checks the role). */
export async function listFeedback(ctx: ServiceContext, input: FeedbackListInput) {
  const filters: SQL[] = [];
  if (input.category) filters.push(eq(feedback.category, input.category));
  if (input.rating) filters.push(eq(feedback.rating, input.rating));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(feedback).where(where);
  const rows = await ctx.db
    .select({
      id: feedback.id,
      category: feedback.category,
      rating: feedback.rating,
      text: feedback.text,
      userEmail: users.email,
      createdAt: feedback.createdAt,
      emailedAt: feedback.emailedAt,
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(input.pageSize)
    .offset((input.pageNumber - 1) * input.pageSize);
  const items: FeedbackItem[] = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    emailedAt: row.emailedAt?.toISOString() ?? null,
  }));
  return toPagedResult(items, input.pageNumber, input.pageSize, total);
}
