import { eq } from "drizzle-orm";
import type { RegistrationFailure } from "@shared/registration-failures.ts";
import { guests } from "@core/db/schema/guests.ts";
import type { EVisitorSession } from "@core/evisitor/types.ts";
import type { HandlerContext } from "../../runner/worker.ts";

type GuestUpdate = Partial<typeof guests.$inferInsert>;

/**
 * A cancellation or an undone check-out eVisitor did not carry out: its reason is kept beside
 * the guest (as for a refused check-out) and the request cleared (`clear`), so the host sees why
 * and may ask again.
 */
export async function recordLifecycleFailure(
  ctx: HandlerContext,
  guestId: string,
  failure: RegistrationFailure,
  clear: GuestUpdate,
): Promise<void> {
  await ctx.db.update(guests).set({
    ...clear,
    registrationFailure: failure.code,
    registrationError: failure.detail,
    updatedAt: ctx.clock(),
  }).where(eq(guests.id, guestId));
}

/**
 * Where eVisitor has the registration now, asked after it refused a cancellation or an undo: a
 * repeat of a call whose answer was lost is refused (already cancelled, not checked out), and
 * eVisitor's wording for that is not documented, so its tourist list decides. A cancelled
 * registration is not in that list (evisitor-api.md §3.3).
 */
export async function registrationNow(
  session: EVisitorSession,
  registrationId: string,
): Promise<"cancelled" | "active" | "checked-out"> {
  const { records } = await session.listTourists({ id: registrationId });
  if (records.length === 0) return "cancelled";
  return records[0].checkedOut ? "checked-out" : "active";
}
