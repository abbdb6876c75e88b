import { eq } from "drizzle-orm";
import {
  EmailChangeRequested,
  EmailConfirmationRequested,
  type EventContract,
  PasswordResetRequested,
  UserRegistered,
} from "@shared/events.ts";
import { confirmEmailPath, resetPasswordPath } from "@shared/app-routes.ts";
import { users } from "@core/db/schema/users.ts";
import type { UserTokenPurpose } from "@core/db/schema/user-tokens.ts";
import { issueUserToken } from "@core/services/users/user-tokens.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { type ConsumerDefinition, defineConsumer } from "../runner/worker.ts";
import { type AccountEmailKind, composeAccountEmail } from "./account-emails.ts";
import type { Mailer } from "./mailer.ts";

type User = typeof users.$inferSelect;

interface LinkMail {
  kind: AccountEmailKind;
  purpose: UserTokenPurpose;
  /** Who receives it, or undefined when there is nothing to send any more. */
  recipient(user: User): string | undefined;
  path(user: User, code: string): string;
}

const confirmLink = (user: User, code: string) => confirmEmailPath(user.id, code);

const CONFIRM: LinkMail = {
  kind: "confirmEmail",
  purpose: "ConfirmEmail",
  recipient: (user) => user.emailConfirmedAt ? undefined : user.email,
  path: confirmLink,
};
const CHANGE: LinkMail = {
  kind: "changeEmail",
  purpose: "ChangeEmail",
  recipient: (user) => user.pendingEmail ?? undefined,
  path: confirmLink,
};
const RESET: LinkMail = {
  kind: "resetPassword",
  purpose: "ResetPassword",
  recipient: (user) => user.email,
  path: (_user, code) => resetPasswordPath(code),
};

/**
 * E-mails with a single-use link. The worker creates the code itself, so no secret travels
 * through NATS; a redelivered event that was already handled sends nothing.
 */
export function accountEmailConsumers(
  { mailer, from, publicUrl }: { mailer: Mailer; from: string; publicUrl: string },
): ConsumerDefinition[] {
  const consumer = (
    name: string,
    event: EventContract<string, typeof UserRegistered.payload>,
    mail: LinkMail,
  ): ConsumerDefinition =>
    defineConsumer({
      name,
      stream: "ACCOUNTS",
      event,
      async handle({ id, payload }, { db, clock }) {
        if (await isProcessed(db, name, id)) return;
        const [user] = await db.select().from(users).where(eq(users.id, payload.userId));
        const to = user && mail.recipient(user);
        if (user && to) {
          const code = await issueUserToken(db, {
            userId: user.id,
            purpose: mail.purpose,
            newEmail: mail.purpose === "ChangeEmail" ? to : undefined,
            now: clock(),
          });
          const link = `${publicUrl}${mail.path(user, code)}`;
          await mailer.send(
            composeAccountEmail(mail.kind, { to, from, link, language: user.language }),
          );
        }
        await markProcessed(db, name, id, clock());
      },
    });

  return [
    consumer("notifications_registered", UserRegistered, CONFIRM),
    consumer("notifications_confirmation", EmailConfirmationRequested, CONFIRM),
    consumer("notifications_passwordreset", PasswordResetRequested, RESET),
    consumer("notifications_emailchange", EmailChangeRequested, CHANGE),
  ];
}
