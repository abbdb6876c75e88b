/**
 * The tourist actions (POST /Rest/Htz/<Action>/): validate with the rule modules, change state,
 * answer 200 with an empty body — or a 400 UserException with eVisitor's message.
 */
import { checkInRules, type Verdict } from "./check-in-rules.ts";
import { cancelCheckInRules, cancelCheckOutRules, checkOutRules } from "./check-out-rules.ts";
import { localOf } from "./clock.ts";
import type { SimOptions } from "./options.ts";
import { clientError, empty, userError } from "./responses.ts";
import type { SeedHost, SimState } from "./state.ts";

export interface ActionContext {
  state: SimState;
  host: SeedHost;
  options: SimOptions;
  now: number;
}

type Action = (ctx: ActionContext, body: Record<string, unknown>) => Response;

function refused(verdict: Extract<Verdict<unknown>, { ok: false }>): Response {
  return userError(verdict.message, verdict.params, verdict.wrap);
}

const checkIn: Action = (ctx, body) => {
  const registrations = ctx.state.registrationsOf(ctx.host.username);
  const verdict = checkInRules(body, {
    facilities: ctx.host.facilities,
    registrations,
    today: localOf(ctx.now).date,
    retroactiveDays: ctx.options.retroactiveDays,
    maxStayDays: ctx.options.maxStayDays,
    allowFutureArrival: ctx.options.allowFutureArrival,
  });
  if (!verdict.ok) return refused(verdict);
  const { fields, facility, existing } = verdict.value;
  // An ID of another host's registration is not found for this one.
  if (!existing && ctx.state.registrations.has(fields.ID)) {
    return userError("Prijava turista nije pronađena.");
  }
  ctx.state.registrations.set(fields.ID, {
    id: fields.ID,
    username: ctx.host.username,
    facilityId: facility.id,
    fields,
    status: "active",
    applicationNumber: existing?.applicationNumber ?? ++ctx.state.applicationNumbers,
  });
  return empty();
};

const checkOut: Action = (ctx, body) => {
  const verdict = checkOutRules(
    body,
    ctx.state.registrationsOf(ctx.host.username),
    localOf(ctx.now).date,
    ctx.options.retroactiveDays,
  );
  if (!verdict.ok) return refused(verdict);
  const { registration, date, time } = verdict.value;
  registration.status = "checked-out";
  registration.checkOut = { date, time };
  return empty();
};

const cancelCheckIn: Action = (ctx, body) => {
  const verdict = cancelCheckInRules(body, ctx.state.registrationsOf(ctx.host.username));
  if (!verdict.ok) return refused(verdict);
  verdict.value.status = "cancelled";
  verdict.value.cancelReason = typeof body.Reason === "string" ? body.Reason : null;
  return empty();
};

const cancelCheckOut: Action = (ctx, body) => {
  const verdict = cancelCheckOutRules(body, ctx.state.registrationsOf(ctx.host.username));
  if (!verdict.ok) return refused(verdict);
  verdict.value.status = "active";
  verdict.value.checkOut = undefined;
  return empty();
};

export const ACTIONS: Record<string, Action> = {
  CheckInTourist: checkIn,
  CheckOutTourist: checkOut,
  CancelTouristCheckIn: cancelCheckIn,
  CancelTouristCheckOut: cancelCheckOut,
};

export function runAction(name: string, ctx: ActionContext, bodyText: string): Response {
  let body: unknown;
  try {
    body = bodyText.trim() === "" ? {} : JSON.parse(bodyText);
  } catch {
    return clientError("The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return clientError("The action parameter must be a JSON object.");
  }
  return ACTIONS[name](ctx, body as Record<string, unknown>);
}
