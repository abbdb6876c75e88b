import { eq } from "drizzle-orm";
import {
  AccountDeletionRequested,
  EmailChangeRequested,
  EmailConfirmationRequested,
  type EventContract,
  PasswordResetRequested,
  SignInFailuresDetected,
  UserRegistered,
} from "@shared/events.ts";
import {
  APP_ROUTES,
  cancelDeletionPath,
  confirmEmailPath,
  inLanguage,
  resetPasswordPath,
  revertEmailChangePath,
} from "@shared/app-routes.ts";
import type { Database } from "@core/db/client.ts";
import { users } from "@core/db/schema/users.ts";
import type { UserTokenPurpose } from "@core/db/schema/user-tokens.ts";
import { countLiveApiTokens } from "@core/services/api-tokens/api-tokens.ts";
import { issueUserToken } from "@core/services/users/user-tokens.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { type ConsumerDefinition, defineConsumer } from "../runner/worker.ts";
import {
  type AccountEmailKind,
  composeAccountEmail,
  passwordResetNotes,
} from "./account-emails.ts";
import type { Mailer } from "./mailer.ts";
import { securityNoticeConsumer } from "./security-notice.ts";

type User = typeof users.$inferSelect;

interface LinkMail {
  kind: AccountEmailKind;
  /** The single-use code the link carries; none for a notice whose link is a plain page. */
  purpose?: UserTokenPurpose;
  /** Who receives it, or undefined when there is nothing to send any more. */
  recipient(user: User): string | undefined;
  path(user: User, code: string): string;
  /** The address the code is about (ChangeEmail: the new one; RevertEmailChange: the old one). */
  tokenEmail?(user: User, to: string): string;
  /** Sent first, from the same event (the old address hears of an e-mail change). */
  notice?: LinkMail;
  /** Paragraphs about the account as it is now, after the link. */
  notes?(facts: { db: Database; user: User; now: Date; supportEmail: string }): Promise<string[]>;
}

const confirmLink = (user: User, code: string) => confirmEmailPath(user.id, code);

const CONFIRM: LinkMail = {
  kind: "confirmEmail",
  purpose: "ConfirmEmail",
  recipient: (user) => user.emailConfirmedAt ? undefined : user.email,
  path: confirmLink,
};
/**
 * The current address learns of the change before the new one gets its confirmation link, so
 * the address it may restore is still the sign-in e-mail when the code is made.
 */
const CHANGE_NOTICE: LinkMail = {
  kind: "emailChangeNotice",
  purpose: "RevertEmailChange",
  recipient: (user) => user.pendingEmail ? user.email : undefined,
  path: (user, code) => revertEmailChangePath(user.id, code),
  tokenEmail: (_user, to) => to,
};
const CHANGE: LinkMail = {
  kind: "changeEmail",
  purpose: "ChangeEmail",
  recipient: (user) => user.pendingEmail ?? undefined,
  path: confirmLink,
  tokenEmail: (_user, to) => to,
  notice: CHANGE_NOTICE,
};
const SIGN_IN_FAILURES: LinkMail = {
  kind: "signInFailures",
  recipient: (user) => user.email,
  path: () => APP_ROUTES.accountSettings,
};
/** Sent only while the deletion is still pending (a quick cancel makes it moot). */
const DELETION: LinkMail = {
  kind: "deletionScheduled",
  purpose: "CancelDeletion",
  recipient: (user) => user.deletionDueAt ? user.email : undefined,
  path: (user, code) => cancelDeletionPath(user.id, code),
};
/** Says what the reset will do to the API tokens and that two-factor stays as it is. */
const RESET: LinkMail = {
  kind: "resetPassword",
  purpose: "ResetPassword",
  recipient: (user) => user.email,
  path: (_user, code) => resetPasswordPath(code),
  notes: async ({ db, user, now, supportEmail }) =>
    passwordResetNotes(user.language, {
      apiTokens: await countLiveApiTokens(db, user.id, now),
      twoFactorEnabled: user.twoFactorEnabled,
      supportEmail,
    }),
};

/**
 * E-mails with a single-use link. The worker creates the code itself, so no secret travels
 * through NATS; a redelivered event that was already handled sends nothing.
 */
export function accountEmailConsumers(
  { mailer, from, publicUrl, supportEmail }: {
    mailer: Mailer;
    from: string;
    publicUrl: string;
    supportEmail: string;
  },
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
        for (const each of [mail.notice, mail]) {
          const to = user && each && each.recipient(user);
          if (!user || !each || !to) continue;
          const code = each.purpose
            ? await issueUserToken(db, {
              userId: user.id,
              purpose: each.purpose,
              newEmail: each.tokenEmail?.(user, to),
              now: clock(),
            })
            : "";
          // An English reader's link opens the page in English, in whichever browser.
          const link = `${publicUrl}${inLanguage(each.path(user, code), user.language)}`;
          const notes = await each.notes?.({ db, user, now: clock(), supportEmail });
          await mailer.send(
            composeAccountEmail(each.kind, {
              to,
              from,
              link,
              language: user.language,
              publicUrl,
              notes,
            }),
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
    consumer("notifications_signinfailures", SignInFailuresDetected, SIGN_IN_FAILURES),
    consumer("notifications_deletion", AccountDeletionRequested, DELETION),
    securityNoticeConsumer({ mailer, from, publicUrl, supportEmail }),
  ];
}
