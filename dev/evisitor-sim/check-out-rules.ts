/**
 * CheckOutTourist and the two cancellations (evisitor-api.md §3.2, §3.3), pure. The state machine
 * per registration: active → checked-out (CheckOutTourist) → active (CancelTouristCheckOut);
 * active → cancelled (CancelTouristCheckIn).
 */
import { addDays, fromCompactDate, isTime } from "./clock.ts";
import { MESSAGES as CHECK_IN, type Verdict } from "./check-in-rules.ts";
import type { Registration } from "./state.ts";

export const MESSAGES = {
  beforeArrival: "Upisan datum odjave je manji od datuma boravka od.",
  afterToday: "Datum odjave turista ne smije biti veći od današnjeg datuma.",
  retroactive: "Nije dopušten unos datuma odjave koji ne zadovoljava definirana prava.",
  // sim: the simulator's wording
  alreadyCheckedOut: "Turist je već odjavljen.",
  notCheckedOut: "Turist nije odjavljen.",
  cancelled: "Prijava turista je poništena.",
  checkedOutFirst: "Turist je odjavljen; najprije poništite odjavu.",
} as const;

function find(registrations: Registration[], id: unknown): Registration | Verdict<never> {
  if (typeof id !== "string" || id.trim() === "") {
    return { ok: false, message: CHECK_IN.noId, wrap: true };
  }
  const found = registrations.find((r) => r.id === id.trim().toLowerCase());
  return found ?? { ok: false, message: CHECK_IN.notFound };
}

const isVerdict = (x: Registration | Verdict<never>): x is Verdict<never> => "ok" in x;

export function checkOutRules(
  body: Record<string, unknown>,
  registrations: Registration[],
  today: string,
  retroactiveDays: number,
): Verdict<{ registration: Registration; date: string; time: string }> {
  const registration = find(registrations, body.ID);
  if (isVerdict(registration)) return registration;
  if (registration.status === "cancelled") return { ok: false, message: MESSAGES.cancelled };
  if (registration.status === "checked-out") {
    return { ok: false, message: MESSAGES.alreadyCheckedOut };
  }
  const date = fromCompactDate(body.CheckOutDate);
  if (!date) return { ok: false, message: CHECK_IN.badDate, params: ["CheckOutDate"] };
  const time = body.CheckOutTime;
  if (!isTime(time)) return { ok: false, message: CHECK_IN.badTime, params: ["CheckOutTime"] };
  const { StayFrom, TimeStayFrom } = registration.fields;
  if (date < StayFrom) return { ok: false, message: MESSAGES.beforeArrival };
  if (date === StayFrom && time < TimeStayFrom) return { ok: false, message: CHECK_IN.timeOrder };
  if (date > today) return { ok: false, message: MESSAGES.afterToday };
  if (date <= addDays(today, -retroactiveDays)) return { ok: false, message: MESSAGES.retroactive };
  return { ok: true, value: { registration, date, time } };
}

export function cancelCheckInRules(
  body: Record<string, unknown>,
  registrations: Registration[],
): Verdict<Registration> {
  const registration = find(registrations, body.ID);
  if (isVerdict(registration)) return registration;
  if (registration.status === "cancelled") return { ok: false, message: MESSAGES.cancelled };
  if (registration.status === "checked-out") {
    return { ok: false, message: MESSAGES.checkedOutFirst };
  }
  return { ok: true, value: registration };
}

export function cancelCheckOutRules(
  body: Record<string, unknown>,
  registrations: Registration[],
): Verdict<Registration> {
  const registration = find(registrations, body.ID);
  if (isVerdict(registration)) return registration;
  if (registration.status === "cancelled") return { ok: false, message: MESSAGES.cancelled };
  if (registration.status !== "checked-out") return { ok: false, message: MESSAGES.notCheckedOut };
  return { ok: true, value: registration };
}
