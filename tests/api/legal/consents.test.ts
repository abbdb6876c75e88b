import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { legalAcceptances } from "@core/db/schema/legal-acceptances.ts";
import { LEGAL_DOCUMENT_KINDS, LEGAL_DOCUMENTS } from "@shared/legal/documents.ts";
import { MESSAGES } from "@shared/messages.ts";
import type { LegalConsents } from "@shared/schemas/legal-consent.ts";
import {
  createAdmin,
  createHost,
  getWith,
  PASSWORD,
  postWith,
  signIn,
} from "../../support/accounts.ts";
import { createTestApp, postJson, withTestApp } from "../../support/app.ts";
import { createTestDatabase } from "../../support/database.ts";
import { DEVELOPMENT_PAYEE } from "@core/services/billing/payee.ts";
import { users } from "@core/db/schema/users.ts";

const CONSENTS = "/api/Users/manage/consents";
const current = (kind: keyof typeof LEGAL_DOCUMENTS) => LEGAL_DOCUMENTS[kind].version;

Deno.test("registration records the acceptance of the terms, privacy policy and DPA in force", () =>
  withTestApp(async ({ app, db, clock }) => {
    const hostId = await createHost(app, db, { email: "ana@example.com" });
    const rows = await db.select().from(legalAcceptances).where(
      eq(legalAcceptances.userId, hostId),
    );
    assert.deepEqual(
      rows.map((row) => [row.document, row.version]).sort(),
      LEGAL_DOCUMENT_KINDS.map((kind) => [kind, current(kind)]).sort(),
    );
    assert.ok(rows.every((row) => row.acceptedAt.getTime() === clock.now().getTime()));

    const { accessToken } = await signIn(app, "ana@example.com");
    const res = await getWith(app, CONSENTS, accessToken);
    assert.equal(res.status, 200);
    const body: LegalConsents = await res.json();
    assert.deepEqual(body.pending, []);
    assert.deepEqual(
      body.consents.map((consent) => consent.document).sort(),
      [...LEGAL_DOCUMENT_KINDS].sort(),
    );
    assert.equal(body.consents[0].acceptedAt, clock.now().toISOString());
  }));

Deno.test("registration without accepting the documents makes no account and says why", () =>
  withTestApp(async ({ app, db }) => {
    for (const acceptLegalDocuments of [undefined, false, "yes"]) {
      const res = await app.request(postJson("/api/Users/register", {
        email: "ivo@example.com",
        password: PASSWORD,
        acceptLegalDocuments,
      }));
      assert.equal(res.status, 400);
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      const problem = await res.json();
      assert.deepEqual(problem.errors.acceptLegalDocuments, [MESSAGES.legalAcceptanceRequired]);
    }
    assert.equal((await db.select().from(users)).length, 0);
    assert.equal((await db.select().from(legalAcceptances)).length, 0);
  }));

Deno.test("a new version is pending at the next sign-in until the host accepts it", () =>
  withTestApp(async ({ app, db, clock }) => {
    const hostId = await createHost(app, db, { email: "ana@example.com" });
    // The host accepted an older privacy policy: as if the version was raised since.
    await db.update(legalAcceptances).set({ version: "0.9" }).where(and(
      eq(legalAcceptances.userId, hostId),
      eq(legalAcceptances.document, "privacy"),
    ));
    clock.advanceMinutes(60);
    const { accessToken } = await signIn(app, "ana@example.com");
    const before: LegalConsents = await (await getWith(app, CONSENTS, accessToken)).json();
    assert.deepEqual(before.pending, [{
      document: "privacy",
      version: current("privacy"),
      effectiveDate: LEGAL_DOCUMENTS.privacy.effectiveDate,
      acceptedVersion: "0.9",
    }]);

    // A page left open across yet another version accepts nothing it did not show.
    const stale = await postWith(app, CONSENTS, {
      documents: [{ document: "privacy", version: "0.5" }],
    }, accessToken);
    assert.equal(stale.status, 400);
    assert.deepEqual((await stale.json()).errors.documents, [MESSAGES.legalAcceptanceRequired]);

    const res = await postWith(app, CONSENTS, {
      documents: [{ document: "privacy", version: current("privacy") }],
    }, accessToken);
    assert.equal(res.status, 200);
    const after: LegalConsents = await res.json();
    assert.deepEqual(after.pending, []);
    // Both versions stay on record, the new one first, with the time it was accepted.
    const privacy = after.consents.filter((consent) => consent.document === "privacy");
    assert.deepEqual(privacy.map((consent) => consent.version), [current("privacy"), "0.9"]);
    assert.equal(privacy[0].acceptedAt, clock.now().toISOString());

    // Accepting again changes nothing.
    await postWith(app, CONSENTS, {
      documents: [{ document: "privacy", version: current("privacy") }],
    }, accessToken);
    const rows = await db.select().from(legalAcceptances).where(
      eq(legalAcceptances.userId, hostId),
    );
    assert.equal(rows.length, LEGAL_DOCUMENT_KINDS.length + 1);
  }));

Deno.test("consents are the caller's own, need a session, and an impersonator cannot accept", () =>
  withTestApp(async ({ app, db }) => {
    const hostId = await createHost(app, db, { email: "ana@example.com" });
    await createHost(app, db, { email: "ivo@example.com" });
    await createAdmin(db);
    await db.delete(legalAcceptances).where(eq(legalAcceptances.userId, hostId));

    assert.equal((await app.request(CONSENTS)).status, 401);
    const ivo = await signIn(app, "ivo@example.com");
    const ivoConsents: LegalConsents = await (await getWith(app, CONSENTS, ivo.accessToken)).json();
    assert.deepEqual(ivoConsents.pending, []);

    const admin = await signIn(app, "admin@example.com");
    const adminConsents: LegalConsents = await (await getWith(app, CONSENTS, admin.accessToken))
      .json();
    assert.deepEqual(adminConsents, { consents: [], pending: [] }, "nothing asked of the staff");
    const acting = await postWith(app, `/api/Users/impersonate/${hostId}`, {}, admin.accessToken);
    const { accessToken } = await acting.json();
    const asHost: LegalConsents = await (await getWith(app, CONSENTS, accessToken)).json();
    assert.equal(asHost.pending.length, LEGAL_DOCUMENT_KINDS.length);
    const refused = await postWith(app, CONSENTS, {
      documents: [{ document: "terms", version: current("terms") }],
    }, accessToken);
    assert.equal(refused.status, 403);
    assert.equal(
      (await db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, hostId))).length,
      0,
    );
  }));

Deno.test("GET /api/Legal/operator names the configured company and support's address", async () => {
  const database = await createTestDatabase();
  try {
    const app = await createTestApp({
      db: database.db,
      payee: {
        ...DEVELOPMENT_PAYEE,
        name: "Obala Soft d.o.o.",
        street: "Riva 7",
        city: "21000 Split",
        oib: "12345678903",
      },
      supportEmail: "pomoc@obala.example",
    });
    const res = await app.request("/api/Legal/operator");
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      name: "Obala Soft d.o.o.",
      street: "Riva 7",
      city: "21000 Split",
      oib: "12345678903",
      email: "pomoc@obala.example",
    });
  } finally {
    await database.dispose();
  }
});
