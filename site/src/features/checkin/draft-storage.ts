import { GUEST_FIELDS, type GuestDraft, type GuestField, type GuestValues } from "./guest-draft.ts";
import type { Step } from "./StepIndicator.tsx";

/**
 * What a guest typed survives a reload on the same phone (issue 20, item 6): the guests' forms of
 * one stay, in this tab's sessionStorage under the stay's code. Only the typed values and which of
 * them came from a document: never a document photo (the form holds none), never errors. Dropped
 * once the guests are sent, when the tab opens another stay (one stay's guests at a time), and
 * two hours after the last change, so a shared phone does not keep them.
 */
const PREFIX = "checkinGuests:";
export const KEEP_MS = 2 * 60 * 60 * 1000;

interface Stored {
  savedAt: number;
  step: Step;
  drafts: Pick<GuestDraft, "key" | "values" | "prefilled" | "toCheck" | "documentExpiry">[];
}

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage blocked: nothing is kept
  }
}

/** Keeps the guests typed so far for this stay, and forgets any other stay's. */
export function saveDrafts(
  code: string,
  step: Step,
  drafts: GuestDraft[],
  now = Date.now(),
): void {
  const store = storage();
  if (!store) return;
  const value: Stored = {
    savedAt: now,
    step,
    drafts: drafts.map(({ key, values, prefilled, toCheck, documentExpiry }) => ({
      key,
      values,
      prefilled,
      toCheck,
      documentExpiry,
    })),
  };
  try {
    forgetDrafts(undefined, code);
    store.setItem(PREFIX + code, JSON.stringify(value));
  } catch {
    // Full or blocked: the form still works, it is only not kept.
  }
}

/** Forgets the guests kept for `code` (every stay's when undefined), but those of `except`. */
export function forgetDrafts(code?: string, except?: string): void {
  const store = storage();
  if (!store) return;
  try {
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const key = store.key(i);
      if (!key?.startsWith(PREFIX) || key === PREFIX + except) continue;
      if (code === undefined || key === PREFIX + code) store.removeItem(key);
    }
  } catch {
    // Blocked: nothing was kept either.
  }
}

const isText = (value: unknown): value is string => typeof value === "string";
const fieldsOf = (value: unknown): GuestField[] =>
  Array.isArray(value)
    ? value.filter((f): f is GuestField => (GUEST_FIELDS as readonly unknown[]).includes(f))
    : [];

/**
 * The guests kept for this stay, if any were saved less than two hours ago (older ones are
 * forgotten here). Whatever does not look like a guest's form is left out.
 */
export function restoreDrafts(
  code: string,
  now = Date.now(),
): { step: Step; drafts: GuestDraft[] } | undefined {
  const store = storage();
  let stored: Partial<Stored> | undefined;
  try {
    stored = JSON.parse(store?.getItem(PREFIX + code) ?? "null") ?? undefined;
  } catch {
    stored = undefined;
  }
  if (!stored) return undefined;
  if (
    typeof stored.savedAt !== "number" || now - stored.savedAt > KEEP_MS || now < stored.savedAt
  ) {
    forgetDrafts(code);
    return undefined;
  }
  const drafts = (Array.isArray(stored.drafts) ? stored.drafts : []).flatMap((item) => {
    if (!item || !isText(item.key) || typeof item.values !== "object" || !item.values) return [];
    const values = Object.fromEntries(
      GUEST_FIELDS.map((f) => [f, isText(item.values[f]) ? item.values[f] : ""]),
    ) as GuestValues;
    return [{
      key: item.key,
      values,
      prefilled: fieldsOf(item.prefilled),
      toCheck: fieldsOf(item.toCheck),
      errors: {},
      documentExpiry: isText(item.documentExpiry) ? item.documentExpiry : undefined,
    }];
  });
  if (drafts.length === 0) return undefined;
  const step = stored.step === "overview" || stored.step === "summary" ? stored.step : "guests";
  return { step, drafts };
}
