import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { createSecretBox } from "@core/platform/crypto/secret-box.ts";
import { createHost, postWith, signIn } from "../support/accounts.ts";
import { simulatorAccess, TEST_SECRETS, withTestApp } from "../support/app.ts";
import { DEMO_HOST, startEVisitorSim } from "../support/evisitor-sim.ts";

/** The key the simulator asks for here, as eVisitor's test service does. */
const API_KEY = "Tajni-API-kljuc-7f3a9c";

/** The database file and its write-ahead log, as bytes an attacker with a copy would read. */
async function databaseBytes(db: Parameters<Parameters<typeof withTestApp>[0]>[0]["db"]) {
  const [{ file }] = await db.all<{ file: string }>(
    sql`select file from pragma_database_list where name = 'main'`,
  );
  const parts = [await Deno.readFile(file)];
  try {
    parts.push(await Deno.readFile(`${file}-wal`));
  } catch {
    // no log
  }
  return parts.map((bytes) => new TextDecoder("latin1").decode(bytes)).join("\n");
}

Deno.test("eVisitor credentials are stored sealed: neither the password nor the API key is in the raw row, the file or the outbox", async () => {
  const sim = await startEVisitorSim({ apiKey: API_KEY });
  try {
    await withTestApp(async ({ app, db }) => {
      await createHost(app, db, { email: "ana@example.com" });
      const token = (await signIn(app, "ana@example.com")).accessToken;
      const res = await postWith(app, "/api/ExternalAccounts", {
        ...DEMO_HOST,
        apiKey: API_KEY,
      }, token);
      assert.equal(res.status, 200, await res.clone().text());
      const answer = await res.text();
      assert.ok(!answer.includes(DEMO_HOST.password) && !answer.includes(API_KEY), "not answered");

      // The raw row, as SQL reads it (no drizzle mapping in between).
      const [row] = await db.all<Record<string, unknown>>(sql`select * from external_accounts`);
      const raw = JSON.stringify(row);
      assert.ok(!raw.includes(DEMO_HOST.password), "the password is not in the row");
      assert.ok(!raw.includes(API_KEY), "the API key is not in the row");
      assert.match(String(row.password_sealed), /^v1:[A-Za-z0-9+/=]+$/);
      assert.match(String(row.api_key_sealed), /^v1:[A-Za-z0-9+/=]+$/);

      // Sealed, not dropped: the key opens both again (AES-256-GCM, DATA_ENCRYPTION_KEY).
      const box = await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY);
      assert.equal(await box.open(String(row.password_sealed)), DEMO_HOST.password);
      assert.equal(await box.open(String(row.api_key_sealed)), API_KEY);
      const otherKey = await createSecretBox(btoa(String.fromCharCode(...new Uint8Array(32))));
      await assert.rejects(() => otherKey.open(String(row.password_sealed)), "another key fails");

      // Nowhere else either: not in the event that starts provisioning, not in the file's bytes.
      const outbox = JSON.stringify(await db.all(sql`select * from outbox`));
      assert.ok(!outbox.includes(DEMO_HOST.password) && !outbox.includes(API_KEY));
      const file = await databaseBytes(db);
      assert.ok(!file.includes(DEMO_HOST.password), "the password is not in the database file");
      assert.ok(!file.includes(API_KEY), "the API key is not in the database file");
    }, { evisitor: simulatorAccess(sim.baseUrl) });
  } finally {
    await sim.stop();
  }
});
