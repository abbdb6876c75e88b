import { eq } from "drizzle-orm";
import { PropertyInvitationCreated } from "@shared/events.ts";
import { properties } from "@core/db/schema/properties.ts";
import { propertyMembers } from "@core/db/schema/property-members.ts";
import { users } from "@core/db/schema/users.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { invitationUrl } from "@core/services/property-members/invitation-link.ts";
import { isProcessed, markProcessed } from "../runner/dedupe.ts";
import { type ConsumerDefinition, defineConsumer } from "../runner/worker.ts";
import { composeAccountEmail, invitationIntro } from "./account-emails.ts";
import type { Mailer } from "./mailer.ts";

const NAME = "notifications_invitation";

/**
 * E-mails an invitation to a property (issue 22) to the invited address, in the inviting host's
 * language, with a single-use code made here (none travels in the event). It says who invited
 * (their name and address), to which property and in which role, so it does not read like
 * phishing (issue 32), and its link carries the invited address in its fragment (never sent to a
 * server) for the sign-up form. An invitation accepted, withdrawn or expired meanwhile sends
 * nothing; a redelivered event that was handled neither.
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
      const [found] = await db.select({
        email: propertyMembers.email,
        role: propertyMembers.role,
        language: users.language,
        inviterEmail: users.email,
        inviterName: users.fullName,
        property: properties.name,
      })
        .from(propertyMembers)
        .innerJoin(properties, eq(properties.id, propertyMembers.propertyId))
        .leftJoin(users, eq(users.id, propertyMembers.invitedBy))
        .where(eq(propertyMembers.id, payload.memberId));
      const code = found && await issueInvitationCode(db, payload.memberId, clock());
      if (found && code) {
        const language = found.language ?? "hr";
        await mailer.send(composeAccountEmail("propertyInvitation", {
          to: found.email,
          from,
          link: `${invitationUrl(publicUrl, code, language)}#email=${
            encodeURIComponent(found.email)
          }`,
          language,
          publicUrl,
          ...invitationIntro(language, {
            inviterName: found.inviterName,
            inviterEmail: found.inviterEmail,
            property: found.property,
            role: found.role,
          }),
        }));
      }
      await markProcessed(db, NAME, id, clock());
    },
  });
}
