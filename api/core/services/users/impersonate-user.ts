import type { ImpersonationResult } from "@shared/schemas/admin-user.ts";
import { ADMINISTRATOR, type AuthUser, loadAuthUser } from "../../auth/auth-user.ts";
import { log } from "../../platform/logger.ts";
import { AppError } from "../../errors.ts";
import type { UsersContext } from "./context.ts";
import { issueSession } from "./sessions.ts";

/**
 * Starts a session as another user for an administrator (to see what a host sees). Its tokens
 * name the administrator, and administrators themselves cannot be impersonated.
 */
export async function impersonateUser(
  ctx: UsersContext,
  admin: AuthUser,
  userId: string,
): Promise<ImpersonationResult> {
  if (admin.impersonatorId) throw new AppError("CannotImpersonate");
  const target = await loadAuthUser(ctx.db, userId);
  if (!target) throw new AppError("NotFound");
  if (target.id === admin.id || target.roles.includes(ADMINISTRATOR)) {
    throw new AppError("CannotImpersonate");
  }
  const tokens = await issueSession(
    ctx.db,
    { userId: target.id, impersonatorId: admin.id },
    ctx.auth,
    ctx.now,
  );
  log.info("impersonation started", { administratorId: admin.id, userId: target.id });
  return {
    ...tokens,
    impersonatedUserId: target.id,
    impersonatedByUserId: admin.id,
    impersonationStartTime: ctx.now.toISOString(),
  };
}
