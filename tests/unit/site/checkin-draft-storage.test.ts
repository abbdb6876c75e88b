import assert from "node:assert/strict";
import {
  forgetDrafts,
  KEEP_MS,
  restoreDrafts,
  saveDrafts,
} from "../../../site/src/features/checkin/draft-storage.ts";
import { type GuestDraft, newDraft } from "../../../site/src/features/checkin/guest-draft.ts";

function typed(firstName: string): GuestDraft {
  const draft = newDraft();
  return {
    ...draft,
    values: { ...draft.values, firstName, surname: "Rasmussen", documentNumber: "109957822" },
    prefilled: ["surname"],
    toCheck: ["documentNumber"],
    errors: { cityOfBirth: "City of birth is required" },
    documentExpiry: "2029-08-05",
  };
}

Deno.test("typed guests come back for their stay, without errors, until two hours pass", () => {
  sessionStorage.clear();
  const at = Date.UTC(2026, 6, 10, 12);
  const drafts = [typed("Birgitte"), typed("Mads")];
  saveDrafts("AB3CD4EF5G", "summary", drafts, at);

  const kept = restoreDrafts("AB3CD4EF5G", at + KEEP_MS - 1);
  assert.ok(kept);
  assert.equal(kept.step, "summary");
  assert.deepEqual(kept.drafts.map((d) => d.values.firstName), ["Birgitte", "Mads"]);
  assert.deepEqual(kept.drafts[0].values, drafts[0].values);
  assert.deepEqual(kept.drafts[0].prefilled, ["surname"]);
  assert.deepEqual(kept.drafts[0].toCheck, ["documentNumber"]);
  assert.equal(kept.drafts[0].key, drafts[0].key);
  assert.deepEqual(kept.drafts[0].errors, {}, "errors are worked out again, not kept");
  assert.equal(restoreDrafts("OTHERSTAY1", at), undefined, "keyed by stay");

  assert.equal(restoreDrafts("AB3CD4EF5G", at + KEEP_MS + 1), undefined, "older than 2 hours");
  assert.equal(sessionStorage.length, 0, "and then forgotten");
});

Deno.test("one stay at a time: opening another stay forgets the first; sending forgets them", () => {
  sessionStorage.clear();
  saveDrafts("FIRST00001", "guests", [typed("Anna")]);
  saveDrafts("SECOND0002", "guests", [typed("Lars")]);
  assert.equal(restoreDrafts("FIRST00001"), undefined);
  assert.equal(restoreDrafts("SECOND0002")?.drafts[0].values.firstName, "Lars");
  forgetDrafts("SECOND0002");
  assert.equal(restoreDrafts("SECOND0002"), undefined);
  assert.equal(sessionStorage.length, 0);
});

Deno.test("only the typed text is stored: nothing but the form's fields, never a photo", () => {
  sessionStorage.clear();
  const draft = { ...typed("Anna"), photo: "data:image/jpeg;base64,AAAA" } as GuestDraft;
  saveDrafts("AB3CD4EF5G", "guests", [draft]);
  const stored = sessionStorage.getItem("checkinGuests:AB3CD4EF5G") ?? "";
  assert.doesNotMatch(stored, /photo|base64|image/);
  assert.doesNotMatch(stored, /City of birth is required/);
});

Deno.test("what does not look like a kept form is ignored", () => {
  sessionStorage.clear();
  for (
    const junk of ["not json", "[]", '{"savedAt":"x"}', `{"savedAt":${Date.now()},"drafts":[1]}`]
  ) {
    sessionStorage.setItem("checkinGuests:AB3CD4EF5G", junk);
    assert.equal(restoreDrafts("AB3CD4EF5G"), undefined, junk);
  }
  sessionStorage.setItem(
    "checkinGuests:AB3CD4EF5G",
    JSON.stringify({
      savedAt: Date.now(),
      step: "elsewhere",
      drafts: [{ key: "k", values: { firstName: "Ana", surname: 5, bogus: "x" }, toCheck: ["x"] }],
    }),
  );
  const kept = restoreDrafts("AB3CD4EF5G");
  assert.equal(kept?.step, "guests");
  assert.equal(kept?.drafts[0].values.firstName, "Ana");
  assert.equal(kept?.drafts[0].values.surname, "");
  assert.ok(!("bogus" in kept!.drafts[0].values));
  assert.deepEqual(kept?.drafts[0].toCheck, []);
});
