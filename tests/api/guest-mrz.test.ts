import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { IMAGE_MAX_BYTES } from "@shared/schemas/reservation.ts";
import { createTestDatabase } from "../support/database.ts";
import { createTestApp, postJson } from "../support/app.ts";

const PATH = "/api/Reservations/Guests/MRZ";
const PNG = new URL("../../../shared/fixtures/mrz/008_td1_l0.png", import.meta.url);

async function withApp(fn: (app: Awaited<ReturnType<typeof createTestApp>>) => Promise<void>) {
  const database = await createTestDatabase();
  try {
    // The default 64 KB body limit of tests: the MRZ route has its own.
    await fn(await createTestApp({ db: database.db }));
  } finally {
    await database.dispose();
  }
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

Deno.test("MRZ: missing or non-base64 imageBytes is a validation error", () =>
  withApp(async (app) => {
    let res = await app.request(postJson(PATH, {}));
    assert.equal(res.status, 400);
    let body = await res.json();
    assert.equal(body.code, "ValidationFailed");
    assert.ok(body.errors.imageBytes);
    res = await app.request(postJson(PATH, { imageBytes: "not base64!" }));
    assert.equal(res.status, 400);
    body = await res.json();
    assert.ok(body.errors.imageBytes);
  }));

Deno.test("MRZ: a PDF is refused with a clear 400 naming it", () =>
  withApp(async (app) => {
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    const res = await app.request(postJson(PATH, { imageBytes: base64(pdf) }));
    assert.equal(res.status, 400);
    assert.equal(res.headers.get("Content-Type"), "application/problem+json");
    const body = await res.json();
    assert.equal(body.code, "ImageNotSupported");
    assert.match(body.detail, /A PDF is not a photo/);
  }));

Deno.test("MRZ: text that is no image at all is refused the same way", () =>
  withApp(async (app) => {
    const res = await app.request(postJson(PATH, { imageBytes: base64(new Uint8Array(64)) }));
    assert.equal(res.status, 400);
    assert.equal((await res.json()).code, "ImageNotSupported");
  }));

Deno.test("MRZ: a 20 MB photo is refused as too large while it arrives", () =>
  withApp(async (app) => {
    const big = "A".repeat(Math.ceil((20 * 1024 * 1024) / 3) * 4);
    const res = await app.request(postJson(PATH, { imageBytes: big }));
    assert.equal(res.status, 413);
    const body = await res.json();
    assert.equal(body.code, "ImageTooLarge");
    assert.match(body.detail, /8 MB/);
  }));

Deno.test("MRZ: just over 8 MB is too large; other routes keep the default body limit", () =>
  withApp(async (app) => {
    const over = new Uint8Array(IMAGE_MAX_BYTES + 3);
    const res = await app.request(postJson(PATH, { imageBytes: base64(over) }));
    assert.equal(res.status, 413);
    assert.equal((await res.json()).code, "ImageTooLarge");
    const other = await app.request(postJson("/api/Support/contact-form", {
      message: "x".repeat(200 * 1024),
    }));
    assert.equal(other.status, 413);
    assert.equal((await other.json()).code, "PayloadTooLarge");
  }));

Deno.test("MRZ: a photo while no MRZ worker can be reached is a 503", () =>
  withApp(async (app) => {
    const res = await app.request(
      postJson(PATH, { imageBytes: base64(await Deno.readFile(PNG)) }),
    );
    assert.equal(res.status, 503);
    const body = await res.json();
    assert.equal(body.code, "DocumentScanUnavailable");
    assert.match(body.detail, /type the details/);
  }));

Deno.test("MRZ: the route is public and documented", () =>
  withApp(async (app) => {
    const doc = await (await app.request("/api/openapi.json")).json();
    const op = doc.paths["/api/Reservations/Guests/MRZ"].post;
    assert.equal(op.security, undefined);
    assert.ok(op.responses["422"] && op.responses["503"] && op.responses["413"]);
  }));
