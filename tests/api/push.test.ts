import assert from "node:assert/strict";
import { pushSubscriptions } from "@core/db/schema/push-subscriptions.ts";
import { PUSH_KINDS } from "@shared/push-kinds.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, TEST_SECRETS, type TestApp } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { newPushKeys } from "../support/push.ts";

const PUSH = "/api/Users/manage/push";
const DEVICES = `${PUSH}/devices`;
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 " +
  "(KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function withApp(
  fn: (app: TestApp, db: Awaited<ReturnType<typeof createTestDatabase>>["db"]) => Promise<void>,
  push?: { publicKey: string; allowAnyEndpoint?: boolean } | null,
) {
  const database = await createTestDatabase();
  try {
    await fn(await createTestApp({ db: database.db, push }), database.db);
  } finally {
    await database.dispose();
  }
}

async function send(app: TestApp, method: string, path: string, token: string, body?: unknown) {
  return await app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "User-Agent": ANDROID,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function subscription(endpoint = "https://fcm.googleapis.com/fcm/send/device-1") {
  return { endpoint, keys: (await newPushKeys()).keys };
}

Deno.test("push: a host registers a device, sees it listed by browser, and removes it", async () => {
  await withApp(async (app, db) => {
    await createHost(app, db, { email: "marija.push@example.com" });
    const token = (await signIn(app, "marija.push@example.com")).accessToken;
    const before = await (await getWith(app, PUSH, token)).json();
    assert.equal(before.publicKey, TEST_SECRETS.VAPID_PUBLIC_KEY);
    assert.deepEqual(before.devices, []);
    assert.deepEqual(before.kinds, [...PUSH_KINDS]);

    const sub = await subscription();
    const added = await send(app, "POST", DEVICES, token, sub);
    assert.equal(added.status, 201, await added.clone().text());
    const device = await added.json();
    assert.equal(device.label, "Chrome 131 · Android");
    // The same browser again renews its keys instead of adding a device.
    await send(app, "POST", DEVICES, token, { ...sub, keys: (await newPushKeys()).keys });
    const listed = await (await getWith(app, PUSH, token)).json();
    assert.equal(listed.devices.length, 1);
    // The endpoint is a credential: never answered, stored sealed.
    assert.doesNotMatch(JSON.stringify(listed), /fcm\.googleapis/);
    const [stored] = await db.select().from(pushSubscriptions);
    assert.doesNotMatch(stored.endpoint, /fcm\.googleapis/);

    const removed = await send(app, "DELETE", `${DEVICES}/${listed.devices[0].id}`, token);
    assert.equal(removed.status, 200);
    assert.deepEqual((await (await getWith(app, PUSH, token)).json()).devices, []);
  });
});

Deno.test("push: another user's device cannot be removed, and the kinds are the caller's", async () => {
  await withApp(async (app, db) => {
    await createHost(app, db, { email: "ana.push@example.com" });
    await createHost(app, db, { email: "ivo.push@example.com" });
    const ana = (await signIn(app, "ana.push@example.com")).accessToken;
    const ivo = (await signIn(app, "ivo.push@example.com")).accessToken;
    const device = await (await send(app, "POST", DEVICES, ana, await subscription())).json();
    assert.equal((await send(app, "DELETE", `${DEVICES}/${device.id}`, ivo)).status, 404);
    assert.equal((await (await getWith(app, PUSH, ana)).json()).devices.length, 1);

    const chosen = await send(app, "PUT", `${PUSH}/kinds`, ana, {
      kinds: ["guestWaiting", "checkOut"],
    });
    assert.equal(chosen.status, 200);
    assert.deepEqual((await chosen.json()).kinds, ["guestWaiting", "checkOut"]);
    assert.deepEqual((await (await getWith(app, PUSH, ivo)).json()).kinds, [...PUSH_KINDS]);
    const unknown = await send(app, "PUT", `${PUSH}/kinds`, ana, { kinds: ["marketing"] });
    assert.equal(unknown.status, 400);
    assert.deepEqual((await (await getWith(app, PUSH, ana)).json()).kinds, [
      "guestWaiting",
      "checkOut",
    ]);
  });
});

Deno.test("push: bad subscriptions are refused with problem details, nothing stored", async () => {
  await withApp(async (app, db) => {
    await createHost(app, db, { email: "luka.push@example.com" });
    const token = (await signIn(app, "luka.push@example.com")).accessToken;
    const good = await subscription();
    for (
      const bad of [
        { ...good, endpoint: "ftp://push.example.com/x" },
        { ...good, keys: { ...good.keys, p256dh: "c2hvcnQ" } },
        { ...good, keys: { p256dh: good.keys.p256dh } },
        // Only the browsers' push services: anything else would make the workers post into
        // our own network (SSRF).
        { ...good, endpoint: "http://127.0.0.1:8080/push" },
        { ...good, endpoint: "https://fcm.googleapis.com.evil.example/push" },
        { ...good, endpoint: "https://fcm.googleapis.com:8443/push" },
      ]
    ) {
      const res = await send(app, "POST", DEVICES, token, bad);
      assert.equal(res.status, 400, bad.endpoint);
      assert.match(res.headers.get("Content-Type") ?? "", /problem\+json/);
    }
    assert.equal((await db.select().from(pushSubscriptions)).length, 0);
    const apple = await send(app, "POST", DEVICES, token, {
      ...good,
      endpoint: "https://web.push.apple.com/QGx2cm9",
    });
    assert.equal(apple.status, 201);
  }, { publicKey: TEST_SECRETS.VAPID_PUBLIC_KEY, allowAnyEndpoint: false });
});

Deno.test("push: without VAPID keys push is off and says so", async () => {
  await withApp(async (app, db) => {
    await createHost(app, db, { email: "petra.push@example.com" });
    const token = (await signIn(app, "petra.push@example.com")).accessToken;
    assert.equal((await (await getWith(app, PUSH, token)).json()).publicKey, null);
    const res = await postWith(app, DEVICES, await subscription(), token);
    assert.equal(res.status, 403);
  }, null);
});
