import { eq } from "drizzle-orm";
import { PropertyInvitationCreated } from "@shared/events.ts";
import { propertyMembers } from "@core/db/schema/property-members.ts";
import { users } from "@core/db/schema/users.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { invitationUrl } from "@core/services/property-members/invitation-link.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { type ConsumerDefinition, defineConsumer } from "../runner/worker.ts";
import { composeAccountEmail } from "./account-emails.ts";
import type { Mailer } from "./mailer.ts";

const NAME = "notifications_invitation";

/**
 * E-mails an invitation to a property (issue 22) to the invited address, in the inviting host's
 * language, with a single-use code made here (none travels in the event). An invitation accepted,
 * withdrawn or expired meanwhile sends nothing; a redelivered event that was handled neither.
 */
export function invitationEmailConsumer(
  { mailer, from, publicUrl }: { mailer: Mailer; from: string; publicUrl: string },
): ConsumerDefinition {
  return defineConsumer({
    name: NAME,
    stream: "ACCOUNTS",
    event: PropertyInvitationCreated,
    async handle({ id, payload }, { db, clock }) {
      if (await isProcessed(db, NAME, id)) return;
      const [found] = await db.select({ email: propertyMembers.email, language: users.language })
        .from(propertyMembers)
        .leftJoin(users, eq(users.id, propertyMembers.invitedBy))
        .where(eq(propertyMembers.id, payload.memberId));
      const code = found && await issueInvitationCode(db, payload.memberId, clock());
      if (found && code) {
        await mailer.send(composeAccountEmail("propertyInvitation", {
          to: found.email,
          from,
          link: invitationUrl(publicUrl, code, found.language ?? "hr"),
          language: found.language ?? "hr",
          publicUrl,
        }));
      }
      await markProcessed(db, NAME, id, clock());
    },
  });
}
