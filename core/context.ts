import type { AuthUser } from "./auth/auth-user.ts";
import type { AuthConfig } from "./auth/access-token.ts";
import type { Database } from "./db/client.ts";
import { AppError } from "./errors.ts";
import type { SecretBox } from "./platform/crypto/secret-box.ts";
import type { Payee } from "./services/billing/payee.ts";
import type { EVisitorAccess } from "./services/external-accounts/evisitor-access.ts";

/** The settings services read; parsed once from the environment at start-up. */
export interface ServiceConfig {
  /** The site's public address; QR codes and e-mailed links start with it. */
  publicUrl: string;
  auth: AuthConfig;
  /** Who hosts pay by bank transfer; the development payee when absent (tests). */
  payee?: Payee;
  /** Support's address (SUPPORT_EMAIL); the default when absent (tests). */
  supportEmail?: string;
  /** GUEST_DATA_RETENTION_DAYS, which the workers apply; the default when absent (tests). */
  guestDataRetentionDays?: number;
  /**
   * Web Push (issue 35): the VAPID public key browsers subscribe with, and whether any endpoint
   * may be registered (tests' local push endpoint). Absent: push is off.
   */
  push?: { publicKey: string; allowAnyEndpoint?: boolean };
}

/** Where a request came from, for the account history: the address and the browser. */
export interface RequestOrigin {
  address: string;
  userAgent?: string;
}

/**
 * What every service verb gets as its first argument, built once per request (api/http) or per
 * job: the database, the moment it runs at, who is acting (absent for public requests and jobs),
 * the box that opens stored secrets, the eVisitor service and the settings. Verbs take
 * `(ctx, input)`; the actor comes from here, never from the input.
 */
export interface ServiceContext {
  db: Database;
  now: Date;
  actor?: AuthUser;
  /** The caller's address and User-Agent (HTTP requests only; absent in jobs). */
  request?: RequestOrigin;
  secretBox: SecretBox;
  evisitor: EVisitorAccess;
  config: ServiceConfig;
}

/** The signed-in caller; a verb that needs one refuses an anonymous context. */
export function actorOf(ctx: Pick<ServiceContext, "actor">): AuthUser {
  if (!ctx.actor) throw new AppError("Unauthorized");
  return ctx.actor;
}

/** The caller's user id (see actorOf). */
export function actorIdOf(ctx: Pick<ServiceContext, "actor">): string {
  return actorOf(ctx).id;
}
