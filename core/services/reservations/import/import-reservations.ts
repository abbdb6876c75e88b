import { and, eq, gt, isNull, lt } from "drizzle-orm";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_UNREADABLE,
} from "@shared/reservation-import.ts";
import type {
  ImportRowResult,
  ReservationImportResult,
} from "@shared/schemas/reservation-import.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { actorIdOf, type ServiceContext } from "../../../context.ts";
import { accommodationUnits } from "../../../db/schema/accommodation-units.ts";
import { reservations } from "../../../db/schema/reservations.ts";
import { message } from "@shared/messages.ts";
import { AppError, describeFieldMessages } from "../../../errors.ts";
import { requireActivePlan } from "../../plans/plan-policy.ts";
import { bookingsInMonth } from "../../plans/plan-limits.ts";
import { newReservationCode } from "../reservation-code.ts";
import { readImportSheetInWorker } from "./read-in-worker.ts";
import { guests } from "../../../db/schema/guests.ts";
import { appendEvent } from "../../../outbox/append-event.ts";
import { guestColumnsOf } from "../../guests/guest-fields.ts";
import { eventsOnEntry, registrationStateFor } from "../../guests/registration/transitions.ts";
import { today as todayOf } from "../stay-dates.ts";
import { columnsOf, type ImportUnit, type ParsedRow, parseRow, unitFinder } from "./import-rows.ts";
import { withGuests } from "./import-guest-rows.ts";

export interface ImportInput {
  bytes: Uint8Array;
  dryRun: boolean;
  /** The dry run's planId: applying refuses (ImportChanged) when the adds would differ. */
  planId?: string;
}

/**
 * Bulk import needs a plan in force that includes it (`allowBulkImport`: Premium); answers the
 * plan's stays a month (null: no cap), which imported rows count against like stays by hand.
 */
async function assertCanBulkImport(db: DbOrTx, userId: string, now: Date) {
  const policy = await requireActivePlan(db, userId, now);
  if (!policy.allowBulkImport) {
    throw new AppError("SubscriptionLimitReached", {
      detail: "Your plan does not include bulk import; Premium does.",
    });
  }
  return policy.maxBookingsPerMonth;
}

/**
 * The header's columns and the checked data rows of a file (limits first). The file is read in
 * a worker of its own, within a time budget (read-in-worker.ts).
 */
async function parseFile(bytes: Uint8Array, units: ImportUnit[]): Promise<ParsedRow[]> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError("ImportFileTooLarge");
  const [header, ...data] = await readImportSheetInWorker(bytes);
  if (!header) throw new AppError("ImportFileUnreadable", { detail: IMPORT_UNREADABLE.empty });
  const columns = columnsOf(header.cells);
  if (!columns) throw new AppError("ImportFileUnreadable", { detail: IMPORT_UNREADABLE.noHeader });
  if (data.length > IMPORT_MAX_ROWS) throw new AppError("ImportTooManyRows");
  const findUnit = unitFinder(units);
  return data.map(({ cells, row }) => parseRow(cells, row, columns, findUnit));
}

interface Stay {
  start: string;
  end: string;
  row: number | null;
}

/**
 * Decides each row: invalid (its own fields), duplicate (same unit and dates as an earlier row),
 * conflict (nights taken by a saved stay or by an earlier row of the file), else add.
 */
async function decide(
  db: DbOrTx,
  userId: string,
  rows: ParsedRow[],
  monthCap: number | null,
) {
  const valid = rows.filter((r) => r.kind === "stay" && Object.keys(r.errors).length === 0);
  const taken = new Map<string, Stay[]>();
  if (valid.length > 0) {
    const from = valid.reduce((min, r) => r.arrival! < min ? r.arrival! : min, "9999-12-31");
    const to = valid.reduce((max, r) => r.departure! > max ? r.departure! : max, "0000-01-01");
    const saved = await db.select({
      unitId: reservations.accommodationUnitId,
      start: reservations.startDate,
      end: reservations.endDate,
    }).from(reservations).where(and(
      eq(reservations.userId, userId),
      isNull(reservations.canceledAt),
      lt(reservations.startDate, to),
      gt(reservations.endDate, from),
    ));
    for (const s of saved) {
      let list = taken.get(s.unitId);
      if (!list) taken.set(s.unitId, list = []);
      list.push({ start: s.start, end: s.end, row: null });
    }
  }
  // A plan with a cap on stays a month: the months' stays so far, filled as rows are added.
  const monthCount = new Map<string, number>();
  if (monthCap !== null) {
    for (const month of new Set(valid.map((r) => r.arrival!.slice(0, 7)))) {
      monthCount.set(month, await bookingsInMonth(db, userId, month));
    }
  }
  const firstRowOf = new Map<string, number>();
  const results = rows.map((r): ImportRowResult => {
    const result: ImportRowResult = {
      row: r.row,
      kind: r.kind,
      stayRow: null,
      guestName: r.guestName,
      outcome: "invalid",
      unit: r.unitText,
      unitName: r.unit?.name ?? null,
      arrival: r.arrival,
      departure: r.departure,
      guests: r.guests,
      leadGuest: r.leadGuest,
      notes: r.notes,
      errors: r.errors,
      conflictRow: null,
      duplicateOfRow: null,
      code: null,
    };
    if (r.kind === "guest" || Object.keys(r.errors).length > 0) return result;
    const unitId = r.unit!.id;
    const key = `${unitId}|${r.arrival}|${r.departure}`;
    const earlier = firstRowOf.get(key);
    if (earlier !== undefined) return { ...result, outcome: "duplicate", duplicateOfRow: earlier };
    firstRowOf.set(key, r.row);
    let list = taken.get(unitId);
    if (!list) taken.set(unitId, list = []);
    const clash = list.find((s) => s.start < r.departure! && s.end > r.arrival!);
    if (clash) return { ...result, outcome: "conflict", conflictRow: clash.row };
    const month = r.arrival!.slice(0, 7);
    if (monthCap !== null) {
      const count = monthCount.get(month) ?? 0;
      if (count >= monthCap) {
        const full = message("planMonthFull", { limit: monthCap, month });
        return { ...result, errors: { arrival: [full] } };
      }
      monthCount.set(month, count + 1);
    }
    list.push({ start: r.arrival!, end: r.departure!, row: r.row });
    return { ...result, outcome: "add" };
  });
  return withGuests(results, rows);
}

/** A fingerprint of exactly the stays a run would add. */
async function planIdOf(results: ImportRowResult[], rows: ParsedRow[]): Promise<string> {
  const byRow = new Map(rows.map((r) => [r.row, r]));
  const adds = results.filter((r) => r.outcome === "add").map((r) => {
    const { unit, guest } = byRow.get(r.row)!;
    return [r.row, unit?.id, r.arrival, r.departure, r.guests, r.leadGuest, r.notes, guest];
  });
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(JSON.stringify(adds)),
  );
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

const INSERT_CHUNK = 500;

/**
 * POST /Reservations/import: the stays of a CSV or XLSX file (template: import-template.ts) in
 * the host's own units. A dry run answers each row's outcome and writes nothing; applying decides
 * again under one write lock and adds exactly the rows that would be added, in one transaction,
 * refusing with ImportChanged when a `planId` from the preview no longer matches. Rows naming
 * another host's unit read like an unknown unit.
 */
export async function importReservations(
  ctx: ServiceContext,
  input: ImportInput,
): Promise<ReservationImportResult> {
  const userId = actorIdOf(ctx);
  const monthCap = await assertCanBulkImport(ctx.db, userId, ctx.now);
  const units = await ctx.db.select({
    id: accommodationUnits.id,
    code: accommodationUnits.code,
    name: accommodationUnits.name,
    propertyId: accommodationUnits.propertyId,
  }).from(accommodationUnits).where(eq(accommodationUnits.userId, userId));
  const rows = await parseFile(input.bytes, units);
  const answer = (results: ImportRowResult[], planId: string): ReservationImportResult => {
    const counts = { add: 0, guests: 0, conflict: 0, invalid: 0, duplicate: 0 };
    results.forEach((r, i) => {
      if (r.kind === "stay" || r.stayRow === null) counts[r.outcome]++;
      if (r.outcome === "add" && rows[i].guest) counts.guests++;
    });
    // Row messages travel as message tokens until here: English beside their keys.
    const described = results.map((r) => ({ ...r, ...describeFieldMessages(r.errors) }));
    return { dryRun: input.dryRun, planId, counts, rows: described };
  };
  if (input.dryRun) {
    const results = await decide(ctx.db, userId, rows, monthCap);
    return answer(results, await planIdOf(results, rows));
  }
  const byRow = new Map(rows.map((r) => [r.row, r]));
  // Sealed before the write lock is taken: sealing thousands of documents takes a while.
  const guestColumns = new Map<number, Awaited<ReturnType<typeof guestColumnsOf>>>();
  for (const r of rows) {
    if (r.guest) guestColumns.set(r.row, await guestColumnsOf(r.guest, ctx.secretBox));
  }
  const today = todayOf(ctx.now);
  return await ctx.db.transaction(async (tx) => {
    const results = await decide(tx, userId, rows, monthCap);
    const planId = await planIdOf(results, rows);
    if (input.planId && input.planId !== planId) throw new AppError("ImportChanged");
    const addedStays = results.filter((r) => r.kind === "stay" && r.outcome === "add");
    const values = addedStays.map((r) => {
      const parsed = byRow.get(r.row)!;
      r.code = newReservationCode();
      return {
        id: crypto.randomUUID(),
        code: r.code,
        userId,
        propertyId: parsed.unit!.propertyId,
        accommodationUnitId: parsed.unit!.id,
        startDate: parsed.arrival!,
        endDate: parsed.departure!,
        kind: "booking" as const,
        type: "Manual",
        // The guests expected and the lead guest have their own columns, as a stay entered in
        // the dialog (issue 32 item 11); the note is the row's note alone.
        description: parsed.notes || null,
        guestCount: parsed.guests,
        leadGuestName: parsed.leadGuest || null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
    });
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      await tx.insert(reservations).values(values.slice(i, i + INSERT_CHUNK));
    }
    // The guests of the added stays, each queued for eVisitor as a guest the host enters is.
    const stayOfRow = new Map(values.map((stay, i) => [addedStays[i].row, stay]));
    const guestValues = results.filter((r) => r.outcome === "add" && guestColumns.has(r.row))
      .map((r) => {
        const stay = stayOfRow.get(r.kind === "stay" ? r.row : r.stayRow!)!;
        const state = registrationStateFor(stay.startDate, today);
        return {
          id: crypto.randomUUID(),
          guid: crypto.randomUUID(),
          userId,
          reservationId: stay.id,
          propertyId: stay.propertyId,
          accommodationUnitId: stay.accommodationUnitId,
          ...guestColumns.get(r.row)!,
          status: "PreCheckIn" as const,
          registrationState: state,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
      });
    for (let i = 0; i < guestValues.length; i += INSERT_CHUNK) {
      await tx.insert(guests).values(guestValues.slice(i, i + INSERT_CHUNK));
    }
    for (const guest of guestValues) {
      for (const event of eventsOnEntry(guest.registrationState)) {
        await appendEvent(tx, event, { guestId: guest.id }, ctx.now);
      }
    }
    return answer(results, planId);
  }, { behavior: "immediate" });
}
