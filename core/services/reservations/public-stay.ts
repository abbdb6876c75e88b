import { and, asc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { PublicReservation } from "@shared/schemas/reservation.ts";
import { hostContactOf } from "@shared/schemas/host-contact.ts";
import { reservationStatus } from "@shared/reservation-status.ts";
import { addDays } from "@shared/local-date.ts";
import { doorWindow } from "@shared/door-window.ts";
import type { ServiceContext } from "../../context.ts";
import type { Database, DbOrTx } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { checkinReceipts } from "../../db/schema/checkin-receipts.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { type GuestRow, heldForHost, toPublicGuest } from "../guests/guest-response.ts";
import { guestRowsOf, registeredCount } from "../guests/load-guests.ts";
import { wifiOf } from "../properties/to-response.ts";
import { stayTimesOf, today as todayOf, utcDateTimeOf } from "./stay-dates.ts";

type StayRow = typeof reservations.$inferSelect;
type UnitRow = typeof accommodationUnits.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;
type ReceiptRow = typeof checkinReceipts.$inferSelect;
export interface FoundStay {
  stay: StayRow;
  unit: UnitRow;
  property: PropertyRow;
}

/** A receipt lives at least this long, and otherwise until the end of the check-out day. */
const RECEIPT_MIN_MS = 24 * 60 * 60_000;

const unknownCode = () => new AppError("UnknownCode");

/**
 * Guests still of the stay as the public sees it: a guest the host disowned ("not my guest") is
 * gone from its page and its room even while eVisitor cancels the registration.
 */
export function liveGuestsOf(rows: GuestRow[]): GuestRow[] {
  return rows.filter((g) => !g.disownedAt);
}

/** A new check-in receipt for the stay, in the caller's transaction; the token goes to the device. */
export async function issueReceipt(
  tx: DbOrTx,
  stay: StayRow,
  now: Date,
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomToken();
  const endOfCheckOutDay = Date.parse(utcDateTimeOf(addDays(stay.endDate, 1), "00:00"));
  const expiresAt = new Date(Math.max(now.getTime() + RECEIPT_MIN_MS, endOfCheckOutDay));
  const id = crypto.randomUUID();
  await tx.insert(checkinReceipts).values({
    id,
    reservationId: stay.id,
    tokenHash: await hashToken(token),
    createdAt: now,
    expiresAt,
  });
  return { id, token, expiresAt };
}

/** The receipt a token names, when it is still valid; anything else is no receipt at all. */
export async function receiptOf(
  db: DbOrTx,
  token: string | undefined,
  now: Date,
): Promise<ReceiptRow | undefined> {
  if (!token || token.length > 100) return undefined;
  const [row] = await db.select().from(checkinReceipts)
    .where(
      and(
        eq(checkinReceipts.tokenHash, await hashToken(token)),
        gt(checkinReceipts.expiresAt, now),
      ),
    );
  return row;
}

/**
 * What the check-in page may show (issue 20): the property's and unit's names, dates and times,
 * how many guests are in and their initials, the host's contact. With a valid receipt of this stay
 * also the guests that receipt entered, in full, and, once the house is theirs, the address, the
 * house notes and the WiFi. The house is theirs when the receipt entered a guest still of the stay
 * and none of its guests waits for the host's approval (issue 30, M4: a made-up guest at the door
 * of a property without automatic check-in learns nothing of the house before the host says yes;
 * nor once the host said "not my guest"). The stay's code only when `withCode` (read by its own
 * link) or with such a receipt.
 */
export function toPublicStay(
  { stay, unit, property }: FoundStay,
  today: string,
  guestRows: GuestRow[],
  { receipt, withCode }: { receipt?: ReceiptRow; withCode: boolean },
): PublicReservation {
  const times = stayTimesOf(unit, property);
  const guests = liveGuestsOf(guestRows);
  const mine = receipt?.reservationId === stay.id ? receipt : undefined;
  const entered = mine ? guests.filter((g) => g.checkinReceiptId === mine.id) : [];
  const awaitingHost = entered.some(heldForHost);
  const admitted = entered.length > 0 && !awaitingHost;
  return {
    code: withCode || admitted ? stay.code : null,
    accommodationUnit: {
      name: unit.name,
      capacity: unit.capacity ?? property.maxNumberOfGuests,
      defaultCheckInTime: times.checkIn,
      defaultCheckOutTime: times.checkOut,
      property: { name: property.name },
      address: admitted ? property.address : null,
      description: admitted ? unit.description : null,
      // The unit's own network, else the property's (set once for a house with one router).
      wifiDetails: admitted ? wifiOf(unit) ?? wifiOf(property) : null,
    },
    startDateUTC: utcDateTimeOf(stay.startDate, times.checkIn),
    endDateUTC: utcDateTimeOf(stay.endDate, times.checkOut),
    startDate: stay.startDate,
    endDate: stay.endDate,
    status: reservationStatus(
      {
        start: stay.startDate,
        end: stay.endDate,
        canceled: !!stay.canceledAt,
        registeredGuests: registeredCount(guests),
      },
      today,
    ),
    guestCount: guests.length,
    guests: guests.map((g) => toPublicGuest(g, !!mine && g.checkinReceiptId === mine.id)),
    hostContact: hostContactOf(property),
    receiptValid: !!mine,
    awaitingHost,
  };
}

async function shape(db: DbOrTx, found: FoundStay, now: Date, options: {
  receipt?: ReceiptRow;
  withCode: boolean;
}) {
  const rows = (await guestRowsOf(db, [found.stay.id])).get(found.stay.id) ?? [];
  return toPublicStay(found, todayOf(now), rows, options);
}

/** A stay (not a block) by its own code; undefined when there is none. */
export async function stayByCode(db: DbOrTx, code: string): Promise<FoundStay | undefined> {
  const [row] = await db.select().from(reservations)
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, reservations.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(and(eq(reservations.code, code), inArray(reservations.kind, ["booking", "unknown"])));
  return row &&
    { stay: row.reservations, unit: row.accommodation_units, property: row.properties };
}

/**
 * The stay the unit's door code admits at `now` (shared/door-window.ts): the one under way today,
 * else, from the evening before, tomorrow's arrival. UnknownCode when no unit has the code;
 * NoStayToday (with the host's contact) when none is admitted now.
 */
export async function doorStayOf(db: DbOrTx, unitCode: string, now: Date): Promise<FoundStay> {
  const [unit] = await db.select().from(accommodationUnits)
    .innerJoin(properties, eq(properties.id, accommodationUnits.propertyId))
    .where(eq(accommodationUnits.code, unitCode));
  if (!unit) throw unknownCode();
  const { today, latestArrival } = doorWindow(now);
  const [stay] = await db.select().from(reservations)
    .where(and(
      eq(reservations.accommodationUnitId, unit.accommodation_units.id),
      isNull(reservations.canceledAt),
      inArray(reservations.kind, ["booking", "unknown"]),
      lte(reservations.startDate, latestArrival),
      gt(reservations.endDate, today),
    ))
    // The stay under way before tomorrow's arrival: its guests are the ones at the door tonight.
    .orderBy(asc(reservations.startDate))
    .limit(1);
  if (!stay) {
    throw new AppError("NoStayToday", {
      extensions: { hostContact: hostContactOf(unit.properties) },
    });
  }
  return { stay, unit: unit.accommodation_units, property: unit.properties };
}

/** GET /Reservations/{code} for anyone holding the link (the host's own read is elsewhere). */
export async function publicStay(
  ctx: ServiceContext,
  { code, receipt }: { code: string; receipt?: string },
): Promise<PublicReservation> {
  const found = await stayByCode(ctx.db, code);
  if (!found) throw unknownCode();
  return await shape(ctx.db, found, ctx.now, {
    receipt: await receiptOf(ctx.db, receipt, ctx.now),
    withCode: true,
  });
}

/** GET /Reservations/Current/{unitCode}: the stay the door code admits now. */
export async function doorStay(
  ctx: ServiceContext,
  { unitCode, receipt }: { unitCode: string; receipt?: string },
): Promise<PublicReservation> {
  const found = await doorStayOf(ctx.db, unitCode, ctx.now);
  return await shape(ctx.db, found, ctx.now, {
    receipt: await receiptOf(ctx.db, receipt, ctx.now),
    withCode: false,
  });
}

/**
 * The stay's public answer right after a check-in, for the device holding `receipt`: what a read
 * with the receipt shows. `withCode`: the check-in named the stay by its code (it knows it).
 */
export async function publicStayAfterCheckIn(
  db: Database,
  found: FoundStay,
  receipt: ReceiptRow,
  now: Date,
  withCode: boolean,
): Promise<PublicReservation> {
  return await shape(db, found, now, { receipt, withCode });
}
