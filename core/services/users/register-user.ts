import { message } from "@shared/messages.ts";
import { UserRegistered } from "@shared/events.ts";
import type { Credentials } from "@shared/schemas/auth.ts";
import type { ServiceContext } from "../../context.ts";
import { users } from "../../db/schema/users.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { hashPassword } from "../../platform/crypto/password-hash.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { startTrial } from "../billing/subscription-periods.ts";
import { recordAcceptance } from "../legal/consents.ts";
import { LEGAL_DOCUMENT_KINDS } from "@shared/legal/documents.ts";
import { normalizeEmail } from "./context.ts";
import { findUserByEmail } from "./find-user.ts";

export const duplicateEmail = (field = "email") =>
  AppError.invalid({ [field]: [message("duplicateEmail")] }, "DuplicateEmail");

/**
 * Creates an unconfirmed account on the free trial (3 months, Pro's limits), with the host's
 * acceptance of the legal documents in force recorded; the UserRegistered
 * event makes the notifications worker send the confirmation link. Registration is the one place
 * that says an e-mail is taken.
 */
export async function registerUser(
  ctx: ServiceContext,
  { email, password, language }: Credentials & { language: "hr" | "en" },
): Promise<{ userId: string }> {
  const address = normalizeEmail(email);
  if (await findUserByEmail(ctx.db, address)) throw duplicateEmail();
  const passwordHash = await hashPassword(password);
  const userId = crypto.randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        email: address,
        passwordHash,
        language,
        createdAt: ctx.now,
      });
      await startTrial(tx, { userId, now: ctx.now });
      // The schema let the request through only with the documents accepted.
      await recordAcceptance(tx, { userId, documents: LEGAL_DOCUMENT_KINDS, now: ctx.now });
      await appendEvent(tx, UserRegistered, { userId }, ctx.now);
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
  return { userId };
}
