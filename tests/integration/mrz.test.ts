import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import sharp from "sharp";
import { DocumentType, Gender } from "@shared/enums.ts";
import { createTestApp, postJson } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { startTestWorkers } from "../support/workers.ts";
import { connectNatsInBackground, type NatsHandle } from "@core/platform/nats.ts";
import { waitForNats } from "../../workers/runner/wait-for-nats.ts";
import { MRZ_QUEUE_GROUP, MRZ_READ_SUBJECT, type MrzReply } from "@shared/mrz-service.ts";

/** The API's own NATS connection, as the `api` user (deploy/nats/users.conf). */
async function apiNats(url: string, name = "api"): Promise<NatsHandle> {
  const handle = connectNatsInBackground(url, name);
  await waitForNats(handle, AbortSignal.timeout(10_000));
  return handle;
}

const PATH = "/api/Reservations/Guests/MRZ";
const FIXTURES = new URL("../../../shared/fixtures/mrz/", import.meta.url);

Deno.test({
  name: "a document photo goes through NATS to the mrz worker and comes back as guest fields",
  ...REAL_SERVERS,
  fn: async () => {
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    const workers = await startTestWorkers({
      db: database.db,
      natsUrl: nats.urls.workers,
      smtpUrl: "smtp://127.0.0.1:9",
      workers: ["mrz"],
    });
    const api = await apiNats(nats.urls.api);
    try {
      const app = await createTestApp({ db: database.db, nats: api });
      const photo = await Deno.readFile(new URL("001_td3_l0.jpg", FIXTURES));
      const res = await app.request(
        postJson(PATH, { imageBytes: Buffer.from(photo).toString("base64") }),
      );
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), {
        name: "Birgitte Ida",
        middleName: null,
        surname: "Rasmussen",
        gender: Gender.Female,
        dateOfBirth: "1961-10-25",
        citizenship: "DNK",
        documentType: DocumentType.Passport,
        documentNumber: "109957822",
        documentExpiryDate: "2029-08-05",
        mrzFormat: "TD3",
        uncertainFields: [],
      });

      // A large photo (several MB) travels in one NATS message.
      const large = await sharp(photo).resize({ width: 4000 }).jpeg({ quality: 100 }).toBuffer();
      assert.ok(large.length > 1024 * 1024, `${large.length} bytes: more than NATS's default`);
      const big = await app.request(postJson(PATH, { imageBytes: large.toString("base64") }));
      assert.equal(big.status, 200);
      assert.equal((await big.json()).documentNumber, "109957822");

      const blank = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: "#fbfaf7" },
      }).jpeg().toBuffer();
      const unreadable = await app.request(
        postJson(PATH, { imageBytes: blank.toString("base64") }),
      );
      assert.equal(unreadable.status, 422);
      const problem = await unreadable.json();
      assert.equal(problem.code, "DocumentUnreadable");
      assert.equal(problem.detail, "We could not read the document; please type the details.");
    } finally {
      await api.close();
      await workers.stop();
      await nats.dispose();
      await database.dispose();
    }
  },
});

Deno.test({
  name: "the fields the worker is not sure of come back as uncertainFields, for the guest to check",
  ...REAL_SERVERS,
  fn: async () => {
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    // A stand-in for the mrz worker, as the `workers` user in the worker's queue group: it answers
    // one reading with two fields it is not sure of, whatever the photo.
    const worker = await apiNats(nats.urls.workers, "fake-mrz-worker");
    const reply: MrzReply = {
      ok: true,
      guest: {
        name: "Birgitte Ida",
        middleName: null,
        surname: "Rasmussen",
        gender: Gender.Female,
        dateOfBirth: "1961-10-25",
        citizenship: "DNK",
        documentType: DocumentType.Passport,
        documentNumber: "1O9957822",
        documentExpiryDate: "2029-08-05",
        mrzFormat: "TD3",
        uncertainFields: ["gender", "documentNumber"],
      },
    };
    const requests: number[] = [];
    const sub = worker.connection()!.subscribe(MRZ_READ_SUBJECT, {
      queue: MRZ_QUEUE_GROUP,
      callback: (_error, msg) => {
        requests.push(msg.data.length);
        msg.respond(JSON.stringify(reply));
      },
    });
    await worker.connection()!.flush();
    const api = await apiNats(nats.urls.api);
    try {
      const app = await createTestApp({ db: database.db, nats: api });
      const photo = await Deno.readFile(new URL("001_td3_l0.jpg", FIXTURES));
      const res = await app.request(
        postJson(PATH, { imageBytes: Buffer.from(photo).toString("base64") }),
      );
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.deepEqual(body.uncertainFields, ["gender", "documentNumber"]);
      assert.deepEqual(body, reply.guest);
      assert.deepEqual(requests, [photo.length], "the photo went to the worker once, as bytes");

      // The answer names the enum in its documentation.
      const doc = await (await app.request("/api/openapi.json")).json();
      const guest = doc.components.schemas.MrzGuest;
      assert.ok(guest.required.includes("uncertainFields"), "always present");
      assert.match(guest.properties.uncertainFields.description, /not certain/);
      assert.deepEqual(doc.components.schemas.MrzGuestReadField.enum, [
        "name",
        "surname",
        "gender",
        "dateOfBirth",
        "citizenship",
        "documentType",
        "documentNumber",
        "documentExpiryDate",
      ]);
    } finally {
      sub.unsubscribe();
      await api.close();
      await worker.close();
      await nats.dispose();
      await database.dispose();
    }
  },
});

Deno.test({
  name: "with NATS up but no mrz worker running, the answer is 503 at once",
  ...REAL_SERVERS,
  fn: async () => {
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    const workers = await startTestWorkers({
      db: database.db,
      natsUrl: nats.urls.workers,
      smtpUrl: "smtp://127.0.0.1:9",
      workers: ["relay"],
    });
    const api = await apiNats(nats.urls.api);
    try {
      const app = await createTestApp({ db: database.db, nats: api });
      const photo = await Deno.readFile(new URL("008_td1_l0.png", FIXTURES));
      const started = Date.now();
      const res = await app.request(
        postJson(PATH, { imageBytes: Buffer.from(photo).toString("base64") }),
      );
      assert.equal(res.status, 503);
      assert.equal((await res.json()).code, "DocumentScanUnavailable");
      assert.ok(Date.now() - started < 5000, "NATS reports no responders without the timeout");
    } finally {
      await api.close();
      await workers.stop();
      await nats.dispose();
      await database.dispose();
    }
  },
});
