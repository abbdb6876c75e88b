import type { ImpersonationResult } from "@shared/schemas/admin-user.ts";
import { ADMINISTRATOR, loadAuthUser } from "../../auth/auth-user.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import { log } from "../../platform/logger.ts";
import { AppError } from "../../errors.ts";
import { issueSession } from "./sessions.ts";
import { recordAccountEvent } from "./account-history.ts";

/**
 * Starts a session as another user for an administrator (to see what a host sees). Its tokens
 * name the administrator, and administrators themselves cannot be impersonated.
 */
export async function impersonateUser(
  ctx: ServiceContext,
  { userId }: { userId: string },
): Promise<ImpersonationResult> {
  const admin = actorOf(ctx);
  if (admin.impersonatorId) throw new AppError("CannotImpersonate");
  const target = await loadAuthUser(ctx.db, userId);
  if (!target) throw new AppError("NotFound");
  if (target.id === admin.id || target.roles.includes(ADMINISTRATOR)) {
    throw new AppError("CannotImpersonate");
  }
  const tokens = await ctx.db.transaction(async (tx) => {
    // The host sees who it was (the e-mail), not where the administrator sat.
    await recordAccountEvent(tx, {
      userId: target.id,
      kind: "ImpersonationStarted",
      now: ctx.now,
      actorEmail: admin.email,
    });
    return await issueSession(
      tx,
      { userId: target.id, impersonatorId: admin.id },
      ctx.config.auth,
      ctx.now,
    );
  });
  log.info("impersonation started", { administratorId: admin.id, userId: target.id });
  return {
    ...tokens,
    impersonatedUserId: target.id,
    impersonatedByUserId: admin.id,
    impersonationStartTime: ctx.now.toISOString(),
  };
}
