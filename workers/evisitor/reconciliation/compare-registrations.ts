/**
 * The daily comparison of a host's stays with eVisitor's own tourist list (pure: data in,
 * findings out). ListOfTourists leaves out cancelled registrations, so a guest registered here
 * and absent there was cancelled (or never arrived) in eVisitor.
 */

export interface OurGuest {
  id: string;
  guid: string;
  status: "PreCheckIn" | "CheckedIn" | "CheckedOut" | "Cancelled";
  registrationState: string;
  stayStart: string;
  stayEnd: string;
}

export interface OurStay {
  id: string;
  startDate: string;
  endDate: string;
  guests: OurGuest[];
}

export interface TheirTourist {
  id: string;
  checkedOut: boolean;
}

export type Finding =
  /** The stay began before today and nobody of it is registered. */
  | { kind: "arrived-not-registered"; stayId: string }
  /** Registered here, not in eVisitor's list: cancelled there, or lost. */
  | { kind: "missing-in-evisitor"; stayId: string; guestId: string }
  /** The stay is over and eVisitor still has the guest checked in. */
  | { kind: "not-checked-out"; stayId: string; guestId: string }
  /** eVisitor checked the guest out (automatically, or the host did there): follow it here. */
  | { kind: "checked-out-there"; stayId: string; guestId: string };

export function compareRegistrations(
  stays: OurStay[],
  tourists: TheirTourist[],
  today: string,
): Finding[] {
  const theirs = new Map(tourists.map((t) => [t.id.toLowerCase(), t]));
  const findings: Finding[] = [];
  for (const stay of stays) {
    // A cancelled registration is not in eVisitor's list, rightly.
    const registered = stay.guests.filter((g) =>
      g.status === "CheckedIn" || g.status === "CheckedOut"
    );
    if (stay.startDate < today && registered.length === 0) {
      findings.push({ kind: "arrived-not-registered", stayId: stay.id });
    }
    for (const guest of registered) {
      const there = theirs.get(guest.guid);
      if (!there) {
        findings.push({ kind: "missing-in-evisitor", stayId: stay.id, guestId: guest.id });
      } else if (there.checkedOut && guest.status === "CheckedIn") {
        findings.push({ kind: "checked-out-there", stayId: stay.id, guestId: guest.id });
      } else if (!there.checkedOut && stay.endDate < today) {
        findings.push({ kind: "not-checked-out", stayId: stay.id, guestId: guest.id });
      }
    }
  }
  return findings;
}
