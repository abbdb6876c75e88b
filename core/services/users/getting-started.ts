import { eq, sql } from "drizzle-orm";
import type { GettingStarted, GettingStartedUpdate } from "@shared/schemas/getting-started.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../errors.ts";
import { sharedPropertiesOf } from "../access/property-access.ts";

/**
 * GET /Users/manage/gettingStarted: the first steps, each read from what the host has (an eVisitor
 * account, a calendar link on one of their units), and the QR sheet from the mark its printing
 * leaves. One query; the steps concern a member of someone else's team only once they have an
 * account or a property of their own.
 */
export async function getGettingStarted(
  ctx: Pick<ServiceContext, "db" | "actor">,
): Promise<GettingStarted> {
  const userId = actorIdOf(ctx);
  const [row] = await ctx.db.select({
    qrPrintedAt: users.qrPrintedAt,
    hiddenAt: users.gettingStartedHiddenAt,
    accounts: sql<number>`(select count(*) from external_accounts where user_id = ${userId})`,
    feeds: sql<number>`(select count(*) from calendar_feeds where user_id = ${userId})`,
    properties: sql<number>`(select count(*) from properties where user_id = ${userId})`,
  }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("NotFound");
  const ownsSomething = Number(row.accounts) > 0 || Number(row.properties) > 0;
  return {
    eVisitorConnected: Number(row.accounts) > 0,
    calendarLinked: Number(row.feeds) > 0,
    qrPrinted: row.qrPrintedAt !== null,
    hidden: row.hiddenAt !== null,
    applies: ownsSomething || (await sharedPropertiesOf(ctx.db, userId)).length === 0,
  };
}

/** PUT /Users/manage/gettingStarted: hides the steps, or shows them again. */
export async function updateGettingStarted(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
  update: GettingStartedUpdate,
): Promise<GettingStarted> {
  await ctx.db.update(users)
    .set({ gettingStartedHiddenAt: update.hidden ? ctx.now : null })
    .where(eq(users.id, actorIdOf(ctx)));
  return await getGettingStarted(ctx);
}

/**
 * POST /Users/manage/gettingStarted/qrPrinted: the host printed a unit's QR sheet or downloaded
 * its QR code. The first time counts; later ones change nothing.
 */
export async function markQrPrinted(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
): Promise<GettingStarted> {
  await ctx.db.update(users)
    .set({ qrPrintedAt: sql`coalesce(${users.qrPrintedAt}, ${ctx.now.getTime()})` })
    .where(eq(users.id, actorIdOf(ctx)));
  return await getGettingStarted(ctx);
}
