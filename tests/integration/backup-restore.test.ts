/**
 * Backups that restore (issue 34, item 6), with the whole product running as real processes.
 *
 * A host with an eVisitor account of the simulator enters stays and guests check in through the
 * public door in three waves. Wave 1 is registered. While wave 2 checks in, eVisitor answers 500
 * to CheckInTourist, so its guests are in flight (their events published and being retried) when
 * a backup is taken, in the middle of the wave, with the backup job's own function. Then eVisitor
 * recovers, wave 2 is registered, and wave 3 checks in after the backup (what a restore loses:
 * the recovery point). Then the stack is lost, database and JetStream alike; only eVisitor (the
 * simulator) lives on.
 *
 * `deno task restore` decrypts the backup into a new file, and a fresh stack (new NATS, no
 * stream, no consumer) starts on it against the same eVisitor: the host signs in with the same
 * password and sees the same properties, stays and guests as at the backup; every guest in it
 * ends registered; eVisitor still holds exactly one registration per guest and got no new one,
 * and was sent again only the check-ins that were in flight at the backup (each an edit of the
 * same registration, under the guest's guid), none of those registered before it.
 *
 * The stack also runs the scheduled backup job (BACKUP_DIR): its first backup, taken at start,
 * is in the folder, encrypted.
 */
import assert from "node:assert/strict";
import { DocumentType, Gender } from "@shared/enums.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { parseBackupKey } from "@core/db/backup/backup-cipher.ts";
import { backupTakenAt } from "@core/db/backup/retention.ts";
import { takeBackup } from "@core/db/backup/take-backup.ts";
import { guests } from "@core/db/schema/guests.ts";
import {
  addSimHost,
  call,
  CHAOS_ENV,
  connectEVisitor,
  openStackDatabase,
  pool,
  registerHost,
  signIn,
} from "../support/chaos-stack.ts";
import { callsOf, type RunningEVisitorSim, startEVisitorSim } from "../support/evisitor-sim.ts";
import { startStack, type TestStack } from "../support/stack.ts";
import { waitFor } from "../support/wait.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const DENO = `${ROOT}node_modules/.bin/deno`;
const BACKUP_KEY = "c7ZC3bm2S1i7ZYb0vYq3uYk1pQ9d3x0JmJq2VdZ8r2A=";

const HOST_EMAIL = "rezerva.domacin@example.com";
const SIM_HOST = { username: "55500055511.api", password: "Rezerva-Lozinka-1" };
const FACILITY_CODE = "0099011";
const STAYS = 6;
const PARTY = 2;

const STACK_ENV = {
  ...CHAOS_ENV,
  // Enough deliveries that wave 2's guests are still being retried, not failed, at the backup.
  MAX_DELIVERIES: "40",
  RETRY_BASE_MS: "100",
  RETRY_MAX_MS: "1000",
  BACKUP_ENCRYPTION_KEY: BACKUP_KEY,
};

interface GuestForm {
  firstName: string;
  surname: string;
  gender: number;
  dateOfBirth: string;
  citizenship: string;
  countryOfBirth: string;
  cityOfBirth: string;
  countryOfResidence: string;
  cityOfResidence: string;
  documentType: number;
  documentNumber: string;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

function guestForm(i: number): GuestForm {
  return {
    firstName: ["Ana", "Ivo", "Mia", "Luka"][i % 4],
    surname: `Rezerva${LETTERS[Math.floor(i / 26) % 26]}${LETTERS[i % 26]}`,
    gender: i % 2 === 0 ? Gender.Female : Gender.Male,
    dateOfBirth: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
    citizenship: "DNK",
    countryOfBirth: "DNK",
    cityOfBirth: "Aarhus",
    countryOfResidence: "DNK",
    cityOfResidence: "København",
    documentType: DocumentType.Passport,
    documentNumber: String(800_000_000 + i),
  };
}

interface HostStay {
  code: string;
  guests: { id: string; guid: string; status: string; registrationState: string }[];
}

const stayOf = (stack: TestStack, code: string, token: string) =>
  call<HostStay>(stack, `/api/Reservations/${code}`, { token });

async function checkIn(stack: TestStack, code: string, party: GuestForm[]): Promise<void> {
  await call(stack, "/api/Reservations/Guests", {
    method: "POST",
    body: { reservationCode: code, reservationGuests: party },
  });
}

/** The simulator's registrations of the host: how many, and how many per registration id. */
async function registrationsIn(sim: RunningEVisitorSim) {
  const state = await sim.control.state();
  const mine = state.registrations.filter((r) => r.username === SIM_HOST.username);
  const perId = new Map<string, number>();
  for (const r of mine) perId.set(r.id.toLowerCase(), (perId.get(r.id.toLowerCase()) ?? 0) + 1);
  return {
    total: mine.length,
    ids: new Set(perId.keys()),
    duplicated: [...perId.values()].filter((n) => n > 1).length,
    checkIns: callsOf(state, SIM_HOST.username).actions.CheckInTourist ?? 0,
  };
}

Deno.test({
  name: "a backup taken while guests check in restores into a fresh stack that serves the same " +
    "hosts, stays and registrations, and sends no registration to eVisitor twice",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "backup-restore-test-" });
    const backupDir = `${dir}/backups`;
    const sim = await startEVisitorSim();
    let first: TestStack | undefined = await startStack({
      env: { ...STACK_ENV, BACKUP_DIR: backupDir },
      evisitor: sim,
    });
    let second: TestStack | undefined;
    try {
      // --- the scheduled job's first backup, at start ----------------------------------------
      const scheduled = await waitFor(async () => {
        const names: string[] = [];
        try {
          for await (const e of Deno.readDir(backupDir)) names.push(e.name);
        } catch {
          return undefined; // not made yet
        }
        return names.find((n) => backupTakenAt(n));
      }, { timeoutMs: 60_000, intervalMs: 200, what: "the scheduled backup at start" });
      const head = (await Deno.readFile(`${backupDir}/${scheduled}`)).slice(0, 16);
      assert.equal(new TextDecoder().decode(head), "PRIJAVKO-BACKUP\n", "encrypted, not SQLite");

      // --- a host, its eVisitor account, a stay today in each unit ---------------------------
      const typeId = crypto.randomUUID();
      await addSimHost(first, {
        ...SIM_HOST,
        name: "Rezerva d.o.o.",
        facilities: [{
          code: FACILITY_CODE,
          name: "Apartmani Rezerva",
          paymentCategories: ["1", "2", "4", "5", "6", "7", "8", "11", "14"],
          unitTypes: [{ id: typeId, nameCode: "Apartman" }],
          units: Array.from({ length: STAYS }, (_, u) => ({
            id: crypto.randomUUID(),
            typeId,
            beds: 3 * PARTY,
            extraBeds: 1,
            equivalentUnits: 1,
            sequence: u + 1,
          })),
        }],
      });
      const token = await registerHost(first, HOST_EMAIL);
      const properties = await connectEVisitor(first, token, SIM_HOST, STAYS);
      const units = properties.flatMap((p) => p.accommodationUnits);
      const codes = await pool(
        units,
        3,
        async (unit) =>
          (await call<{ code: string }>(first!, "/api/Reservations", {
            method: "POST",
            token,
            body: {
              accommodationUnitId: unit.id,
              startDateUTC: `${todayInStayZone()}T12:00:00.000Z`,
              endDateUTC: `${addDays(todayInStayZone(), 3)}T12:00:00.000Z`,
            },
          })).code,
      );
      let next = 0;
      const wave = () =>
        codes.map((code) => ({ code, party: [guestForm(next++), guestForm(next++)] }));
      const db = openStackDatabase(first);
      const registeredHere = async () =>
        (await db.db.select({ state: guests.registrationState }).from(guests))
          .filter((g) => g.state === "registered").length;

      // --- wave 1: checked in and registered --------------------------------------------------
      await pool(wave(), 3, ({ code, party }) => checkIn(first!, code, party));
      await waitFor(async () => (await registeredHere()) === STAYS * PARTY, {
        timeoutMs: 120_000,
        intervalMs: 200,
        what: "wave 1 registered",
      });

      // --- wave 2: eVisitor fails, and the backup is taken in the middle of the wave ----------
      await sim.control.fail("http500", 100_000, { path: "CheckInTourist" });
      const failedBefore = (await sim.control.state()).requests
        .filter((r) => r.path.includes("CheckInTourist") && r.status === 500).length;
      const wave2 = wave();
      let stored = 0;
      let backup: Promise<string> | undefined;
      await pool(wave2, 2, async ({ code, party }) => {
        await checkIn(first!, code, party);
        if (++stored === wave2.length / 2) {
          backup = (async () => {
            // One of wave 2's events has reached eVisitor (published, being retried).
            await waitFor(async () =>
              (await sim.control.state()).requests
                .filter((r) => r.path.includes("CheckInTourist") && r.status === 500).length >
                failedBefore, { timeoutMs: 60_000, intervalMs: 50, what: "wave 2 in flight" });
            const taken = await takeBackup({ url: first!.databaseUrl }, {
              dir: backupDir,
              key: parseBackupKey(BACKUP_KEY),
              retention: { last: 100, daily: 0, weekly: 0 },
            }, new Date(Date.now() + 1000)); // another second than the scheduled one
            return `${backupDir}/${taken.name}`;
          })();
        }
      });
      const backupFile = await backup!;
      await sim.control.clearFaults();
      await waitFor(async () => (await registeredHere()) === 2 * STAYS * PARTY, {
        timeoutMs: 120_000,
        intervalMs: 200,
        what: "wave 2 registered once eVisitor is back",
      });

      // --- wave 3, after the backup: registered, then lost with the stack ---------------------
      await pool(wave(), 3, ({ code, party }) => checkIn(first!, code, party));
      await waitFor(async () => (await registeredHere()) === 3 * STAYS * PARTY, {
        timeoutMs: 120_000,
        intervalMs: 200,
        what: "wave 3 registered",
      });
      db.close();
      const before = await registrationsIn(sim);
      assert.equal(before.total, 3 * STAYS * PARTY);
      assert.equal(before.duplicated, 0);
      await first.stop();
      first = undefined;

      // --- the restore -------------------------------------------------------------------------
      const restoredFile = `${dir}/restored/app.db`;
      await Deno.mkdir(`${dir}/restored`);
      const restore = await new Deno.Command(DENO, {
        args: ["run", "-A", "deploy/restore.ts", backupFile, restoredFile],
        cwd: ROOT,
        env: { BACKUP_ENCRYPTION_KEY: BACKUP_KEY },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const out = new TextDecoder().decode(restore.stdout);
      assert.equal(restore.code, 0, new TextDecoder().decode(restore.stderr));
      const summary = JSON.parse(out.trim().split("\n").at(-1)!);
      assert.equal(summary.msg, "backup restored");
      console.log(`[backup-restore] ${JSON.stringify(summary)}`);
      // In the backup: wave 1 registered, part of wave 2 stored and in flight.
      assert.equal(summary.registered, STAYS * PARTY);
      const inFlight = summary.guests - summary.registered;
      assert.ok(inFlight >= STAYS, `half of wave 2 or more is in the backup (${inFlight})`);
      // Those whose event was published before the backup are queued again by the restore.
      assert.ok(summary.requeued["evisitor.guest.checkin.requested"] >= 1, out);

      // A wrong key restores nothing.
      const wrong = await new Deno.Command(DENO, {
        args: ["run", "-A", "deploy/restore.ts", backupFile, `${dir}/restored/other.db`],
        cwd: ROOT,
        env: { BACKUP_ENCRYPTION_KEY: "HyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4=" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.notEqual(wrong.code, 0);
      assert.match(new TextDecoder().decode(wrong.stderr), /does not open with this key/);
      await assert.rejects(Deno.lstat(`${dir}/restored/other.db`), Deno.errors.NotFound);

      // --- a fresh stack on the restored file, the same eVisitor ------------------------------
      second = await startStack({
        env: { ...STACK_ENV, DATABASE_URL: `file:${restoredFile}` },
        evisitor: sim,
      });
      const again = await signIn(second, HOST_EMAIL);
      const props = await call<{ items: { accommodationUnits: unknown[] }[] }>(
        second,
        "/api/Properties?PageNumber=1&PageSize=20",
        { token: again },
      );
      assert.equal(props.items.flatMap((p) => p.accommodationUnits).length, STAYS);
      const guestsNow = async () =>
        (await Promise.all(codes.map((code) => stayOf(second!, code, again))))
          .flatMap((s) => s.guests);
      assert.equal((await guestsNow()).length, summary.guests, "every guest of the backup");
      const restored = await waitFor(async () => {
        const all = await guestsNow();
        return all.every((g) => g.registrationState === "registered") && all;
      }, { timeoutMs: 120_000, intervalMs: 250, what: "every restored guest registered" });
      assert.ok(restored.every((g) => g.status === "CheckedIn"));

      const after = await registrationsIn(sim);
      assert.equal(after.total, before.total, "eVisitor got no new registration");
      assert.equal(after.duplicated, 0, "one registration per guest");
      for (const g of restored) assert.ok(after.ids.has(g.guid.toLowerCase()), "under its guid");
      assert.equal(
        after.checkIns - before.checkIns,
        inFlight,
        "only the check-ins in flight at the backup were sent again, once each",
      );
    } finally {
      await second?.stop();
      await first?.stop();
      await sim.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
