import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { feedback } from "@core/db/schema/feedback.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { MESSAGES } from "@shared/messages.ts";
import { createAdmin, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { postJson, withTestApp } from "../support/app.ts";

const PATH = "/api/Support/feedback";
const valid = { category: "idea", rating: 4, text: "Dodajte izvoz u Excel, molim." };

Deno.test("a host's feedback is stored with the event that mails it to support", () =>
  withTestApp(async ({ app, db, clock }) => {
    const hostId = await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    const res = await postWith(app, PATH, valid, accessToken);
    assert.equal(res.status, 200);
    const { id } = await res.json();
    const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
    assert.equal(row.userId, hostId);
    assert.equal(row.category, "idea");
    assert.equal(row.rating, 4);
    assert.equal(row.text, valid.text);
    assert.equal(row.createdAt.getTime(), clock.now().getTime());
    assert.equal(row.emailedAt, null, "mailed by the worker, not inside the request");
    const events = await db.select().from(outbox).where(
      eq(outbox.subject, "support.feedback.submitted"),
    );
    assert.deepEqual(events.map((event) => event.payload), [{ feedbackId: id }]);
  }));

Deno.test("feedback is validated with the spec's problem details", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, category: "rant" }, "category", MESSAGES.selectRequired],
      [{ ...valid, rating: 0 }, "rating", MESSAGES.ratingRequired],
      [{ ...valid, rating: 6 }, "rating", MESSAGES.ratingRequired],
      [{ ...valid, rating: 2.5 }, "rating", MESSAGES.ratingRequired],
      [{ ...valid, rating: undefined }, "rating", MESSAGES.ratingRequired],
      [{ ...valid, text: "   " }, "text", "Message is required"],
      [{ ...valid, text: "x".repeat(4001) }, "text", "Must be at most 4000 characters"],
    ];
    for (const [body, field, message] of cases) {
      const res = await postWith(app, PATH, body, accessToken);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      assert.deepEqual((await res.json()).errors[field], [message]);
    }
    assert.equal((await db.select().from(feedback)).length, 0);
  }));

Deno.test("only signed-in hosts send feedback and only administrators list it", () =>
  withTestApp(async ({ app, db, clock }) => {
    const hostId = await createHost(app, db, { email: "ana@example.com" });
    await createHost(app, db, { email: "ivo@example.com" });
    await createAdmin(db);
    assert.equal((await app.request(postJson(PATH, valid))).status, 401);

    const ana = await signIn(app, "ana@example.com");
    const ivo = await signIn(app, "ivo@example.com");
    const admin = await signIn(app, "admin@example.com");
    await postWith(app, PATH, valid, ana.accessToken);
    clock.advanceMinutes(1);
    await postWith(
      app,
      PATH,
      { category: "problem", rating: 2, text: "Sync je spor." },
      ivo.accessToken,
    );
    clock.advanceMinutes(1);
    await postWith(app, PATH, { category: "praise", rating: 5, text: "Odlično!" }, ana.accessToken);

    const list = `${PATH}?PageNumber=1&PageSize=20`;
    assert.equal((await app.request(list)).status, 401);
    assert.equal((await getWith(app, list, ana.accessToken)).status, 403);

    const all = await (await getWith(app, list, admin.accessToken)).json();
    assert.equal(all.totalCount, 3);
    // Newest first, with who sent it.
    assert.deepEqual(
      all.items.map((item: { text: string; userEmail: string }) => [item.userEmail, item.text]),
      [
        ["ana@example.com", "Odlično!"],
        ["ivo@example.com", "Sync je spor."],
        ["ana@example.com", valid.text],
      ],
    );

    const problems = await (await getWith(app, `${list}&Category=problem`, admin.accessToken))
      .json();
    assert.deepEqual(problems.items.map((item: { userEmail: string }) => item.userEmail), [
      "ivo@example.com",
    ]);
    const fives = await (await getWith(app, `${list}&Rating=5`, admin.accessToken)).json();
    assert.deepEqual(fives.items.map((item: { text: string }) => item.text), ["Odlično!"]);
    const none = await (await getWith(app, `${list}&Category=praise&Rating=1`, admin.accessToken))
      .json();
    assert.equal(none.totalCount, 0);
    assert.equal(
      (await getWith(app, `${list}&Category=rant`, admin.accessToken)).status,
      400,
    );

    // An administrator acting as a host cannot speak for them.
    const acting =
      await (await postWith(app, `/api/Users/impersonate/${hostId}`, {}, admin.accessToken))
        .json();
    assert.equal((await postWith(app, PATH, valid, acting.accessToken)).status, 403);
  }));
