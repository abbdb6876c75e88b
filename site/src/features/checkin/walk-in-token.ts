/**
 * The walk-in request this device made at a door (issue 20 item 5): its token, kept on the device
 * (a reload or a closed tab keeps waiting) under the door code, until the request is answered or
 * its 2 hours are over. Tiny on purpose: the page reads it at start; the form is a lazy chunk.
 */
const KEY = "walkInRequests";
type Held = Record<string, { token: string; expiresAt: string }>;

function held(): Held {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "{}") as Held;
  } catch {
    return {};
  }
}

/** The token of this door's request, while it may still be waiting. */
export function walkInTokenOf(doorCode: string): string | undefined {
  const entry = held()[doorCode];
  return entry && entry.expiresAt > new Date().toISOString() ? entry.token : undefined;
}

/** Keeps (or, with no token, forgets) the request of this door. */
export function keepWalkInToken(doorCode: string, entry?: { token: string; expiresAt: string }) {
  try {
    const all = held();
    if (entry) all[doorCode] = entry;
    else delete all[doorCode];
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage refused (private mode): the request lives in this page's state only.
  }
}
