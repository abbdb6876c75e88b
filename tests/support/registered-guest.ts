import assert from "node:assert/strict";
import { addDays, todayIn } from "@shared/local-date.ts";
import { STAY_TIME_ZONE } from "@shared/time-zone.ts";
import { getWith, postWith } from "./accounts.ts";
import { connectDemoAccount, type EVisitorPipeline, propertiesOf } from "./evisitor-pipeline.ts";
import { BIRGITTE } from "./guests.ts";
import { waitFor } from "./wait.ts";

/** A guest as the host's stay answer shows it (the fields the pipeline tests look at). */
export interface HostGuest {
  id: string;
  guid: string;
  status: string;
  registrationState: string;
  registrationError: string | null;
  nextDeadline: string | null;
  cityOfResidence?: string;
  cancelRequestedAt?: string | null;
  registrationFailure?: { code: string; detail: string | null };
}

const noon = (date: string) => `${date}T12:00:00.000Z`;

/** The stay as its host sees it (`GET /api/Reservations/{code}`). */
export const hostView = async (ctx: EVisitorPipeline, code: string) =>
  await (await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token)).json();

/** Waits until the stay's only guest is as `ready` says, and returns it. */
export const guestOf = (
  ctx: EVisitorPipeline,
  code: string,
  ready: (guest: HostGuest) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<HostGuest> =>
  waitFor(async () => {
    const [guest] = (await hostView(ctx, code)).guests as HostGuest[];
    return guest && ready(guest) && guest;
  }, { what, timeoutMs });

/** eVisitor's answers to one action, in order (e.g. "CheckOutTourist"). */
export const answersTo = async (ctx: EVisitorPipeline, action: string) =>
  (await ctx.sim.control.state()).requests
    .filter((r) => r.path.includes(`/${action}/`))
    .map((r) => r.status);

/**
 * The demo account connected, and a stay in its first unit from yesterday (so leaving today is
 * after arrival at any time of day) to in two days, with `guest` checked in through the door and
 * registered with eVisitor.
 */
export async function registeredStay(
  ctx: EVisitorPipeline,
  guest: Record<string, unknown> = BIRGITTE,
): Promise<{ code: string; unitId: string; guest: HostGuest }> {
  await connectDemoAccount(ctx);
  const [property] = await propertiesOf(ctx);
  const today = todayIn(STAY_TIME_ZONE);
  const unitId = property.accommodationUnits[0].id as string;
  const booked = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: unitId,
    startDateUTC: noon(addDays(today, -1)),
    endDateUTC: noon(addDays(today, 2)),
  }, ctx.token);
  assert.equal(booked.status, 200);
  const { code } = await booked.json();
  const res = await ctx.app.request("/api/Reservations/Guests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ reservationCode: code, reservationGuests: [guest] }),
  });
  assert.equal(res.status, 200);
  const registered = await guestOf(ctx, code, (g) => g.status === "CheckedIn", "registered");
  return { code, unitId, guest: registered };
}
