/**
 * Issue 33, item 2: guests whose registration failed before failure codes existed hold only the
 * English sentence (registration_error, registration_failure null). Migration 0044 gives each such
 * row its code and detail on a real libSQL file, so nothing reads a failure back from its sentence:
 * the guests page shows the code's text, and a failed check-out counts as failed.
 */
import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import {
  REGISTRATION_FAILURES,
  type RegistrationFailure,
  registrationFailureOf,
  registrationFailureText,
} from "@shared/registration-failures.ts";

const FOLDER = new URL("../../core/db/migrations", import.meta.url).pathname;
const TAG = "guest_failure_codes";

/** A detail of each failure that carries one, as the workers stored it. */
const DETAILS: Partial<Record<RegistrationFailure["code"], string>> = {
  "evisitor-refused": "Turist je već prijavljen u objektu.",
  "document-type-not-offered": "002",
  "payment-category-not-offered": "11",
  "payment-category-choice": "18+: 5 Turisti, 11 Studenti",
  "arrival-not-offered": "Nautika",
  "firewall": "1234567890",
  "city-not-settlement": "Novigrad (Istra)",
  "checkout-before-arrival": "14:00",
};

/** Runs `check` on a database migrated up to the release before 0044, holding `rows`. */
async function withOldDatabase(
  rows: { id: string; registrationError: string | null }[],
  check: (read: () => Promise<Map<string, RegistrationFailure | null>>) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "failure-codes-migration-" });
  const before = `${dir}/before`;
  try {
    await Deno.mkdir(`${before}/meta`, { recursive: true });
    const journal = JSON.parse(await Deno.readTextFile(`${FOLDER}/meta/_journal.json`));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith(TAG));
    assert.ok(at > 0, "the migration is in the journal");
    journal.entries = journal.entries.slice(0, at);
    await Deno.writeTextFile(`${before}/meta/_journal.json`, JSON.stringify(journal));
    for (const entry of journal.entries) {
      await Deno.copyFile(`${FOLDER}/${entry.tag}.sql`, `${before}/${entry.tag}.sql`);
    }
    const client = createClient({ url: `file:${dir}/app.db` });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.execute("PRAGMA foreign_keys = OFF");
      for (const row of rows) {
        // The old shape: the sentence (or eVisitor's words) alone, no code beside it.
        await client.execute({
          sql: `INSERT INTO guests (id, guid, user_id, reservation_id, property_id,
            accommodation_unit_id, name, surname, gender, date_of_birth, citizenship,
            country_of_birth, country_of_residence, city_of_residence, document_type,
            document_number_sealed, document_key, status, registration_state,
            registration_failure, registration_error, created_at, updated_at)
            VALUES (?, ?, 'u', 'r', 'p', 'a', 'Ana', 'Horvat', 1, '1990-01-01', 'HRV', 'HRV',
            'HRV', 'Zagreb', 1, 'sealed', ?, 'CheckedIn', 'failed', NULL, ?, 0, 0)`,
          args: [row.id, crypto.randomUUID(), `key-${row.id}`, row.registrationError],
        });
      }
      await migrate(db, { migrationsFolder: FOLDER });
      await check(async () => {
        const stored = await client.execute(
          "SELECT id, registration_failure, registration_error FROM guests",
        );
        return new Map(stored.rows.map((row) => [
          String(row.id),
          registrationFailureOf({
            registrationFailure: row.registration_failure as string | null,
            registrationError: row.registration_error as string | null,
          }),
        ]));
      });
    } finally {
      client.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the migration turns every stored failure sentence into its code and detail", async () => {
  const failures: RegistrationFailure[] = REGISTRATION_FAILURES.map((code) => ({
    code,
    detail: DETAILS[code] ?? null,
  }));
  const rows = failures.map((failure) => ({
    id: failure.code,
    registrationError: registrationFailureText(failure),
  }));
  await withOldDatabase(rows, async (read) => {
    const after = await read();
    for (const failure of failures) {
      assert.deepEqual(after.get(failure.code), failure, failure.code);
    }
  });
});

Deno.test("the migration keeps eVisitor's words, empty details and guests that never failed", async () => {
  const rows = [
    { id: "never-failed", registrationError: null },
    // eVisitor's own message that happens to start like one of ours stays its message.
    { id: "lookalike", registrationError: "The stay was cancelled. Pokušajte ponovno." },
    { id: "firewall-bare", registrationError: "eVisitor's firewall refused the request." },
    // Written before a page without a support ID was told without brackets.
    {
      id: "firewall-empty",
      registrationError: "eVisitor's firewall refused the request (support ID: ).",
    },
    // A detail with quotes and a full stop inside.
    {
      id: "quoted",
      registrationError: 'eVisitor does not offer the arrival "Kamp "Sunce"." for this property.',
    },
  ];
  await withOldDatabase(rows, async (read) => {
    const after = await read();
    assert.equal(after.get("never-failed"), null);
    assert.deepEqual(after.get("lookalike"), {
      code: "evisitor-refused",
      detail: "The stay was cancelled. Pokušajte ponovno.",
    });
    assert.deepEqual(after.get("firewall-bare"), { code: "firewall", detail: null });
    assert.deepEqual(after.get("firewall-empty"), { code: "firewall", detail: null });
    assert.deepEqual(after.get("quoted"), {
      code: "arrival-not-offered",
      detail: 'Kamp "Sunce".',
    });
  });
});
