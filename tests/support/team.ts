/**
 * A host with a property on the premium plan and the team members they invite, through the API
 * as users would (the invitation code made with the function the notifications worker uses to
 * e-mail it). For API tests of what each role sees.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { properties } from "@core/db/schema/properties.ts";
import type { Database } from "@core/db/client.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { createHost, postWith, signIn } from "./accounts.ts";
import { createTestApp, type TestApp, TestClock } from "./app.ts";
import { createTestDatabase } from "./database.ts";
import { demoFacility, seedMirroredAccount } from "./properties.ts";

export interface TeamWorld {
  app: TestApp;
  db: Database;
  clock: TestClock;
}

/** An app on a fresh database whose clock starts at `now`. */
export async function withTeamWorld(now: Date, fn: (w: TeamWorld) => Promise<void>) {
  const database = await createTestDatabase();
  try {
    const clock = new TestClock(now);
    const app = await createTestApp({ db: database.db, clock: clock.now });
    await fn({ app, db: database.db, clock });
  } finally {
    await database.dispose();
  }
}

/** A signed-in host on the premium plan with one eVisitor facility `code` and its unit. */
export async function premiumHost(w: TeamWorld, email: string, code: string) {
  const userId = await createHost(w.app, w.db, { email });
  await w.db.update(subscriptions).set({ packageId: "premium" })
    .where(eq(subscriptions.userId, userId));
  await seedMirroredAccount(w.db, userId, [demoFacility(`fac-${code}`, code)]);
  const [property] = await w.db.select().from(properties).where(eq(properties.userId, userId));
  const [unit] = await w.db.select().from(accommodationUnits)
    .where(eq(accommodationUnits.propertyId, property.id));
  return {
    userId,
    session: (await signIn(w.app, email)).accessToken,
    property,
    propertyId: property.id,
    unit,
  };
}

/** The owner invites `email` with `role`: the code the invitation e-mail would carry. */
export async function invite(
  w: TeamWorld,
  owner: { session: string; propertyId: string },
  email: string,
  role: string,
): Promise<string> {
  const res = await postWith(
    w.app,
    `/api/Properties/${owner.propertyId}/members`,
    { email, role },
    owner.session,
  );
  assert.equal(res.status, 201, await res.clone().text());
  const code = await issueInvitationCode(w.db, (await res.json()).id, w.clock.now());
  assert.ok(code, "the invitation is open");
  return code;
}

/** The owner invites `email` with `role`; they sign up and accept. Their session. */
export async function teamMember(
  w: TeamWorld,
  owner: { session: string; propertyId: string },
  email: string,
  role: string,
): Promise<string> {
  const code = await invite(w, owner, email, role);
  await createHost(w.app, w.db, { email });
  const session = (await signIn(w.app, email)).accessToken;
  const accepted = await postWith(w.app, "/api/Properties/members/accept", { code }, session);
  assert.equal(accepted.status, 200, await accepted.clone().text());
  return session;
}
