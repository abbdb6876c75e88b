import { z } from "zod";
import { MessageCodeSchema } from "../problem.ts";

/** What importing one row does (or would do, in a dry run). */
export const ImportOutcome = z.enum(["add", "conflict", "invalid", "duplicate"]);
export type ImportOutcome = z.infer<typeof ImportOutcome>;

/** One data row of an import file and its outcome; `row` is its line in the file (header = 1). */
export const ImportRowResult = z
  .object({
    row: z.number().int(),
    /** A stay (perhaps with its first guest), or one more guest of the stay in `stayRow`. */
    kind: z.enum(["stay", "guest"]),
    /** Guest rows: the stay's row they belong to (null when no stay row is above them). */
    stayRow: z.number().int().nullable(),
    /** The row's guest ("First name Surname"), when it has one. */
    guestName: z.string().nullable(),
    /** A guest row follows its stay's outcome unless it is invalid itself. */
    outcome: ImportOutcome,
    unit: z.string(),
    /** The unit the row names, once found among the host's own units. */
    unitName: z.string().nullable(),
    arrival: z.string().nullable(),
    departure: z.string().nullable(),
    guests: z.number().int().nullable(),
    leadGuest: z.string(),
    notes: z.string(),
    /** Invalid rows: the spec's messages per column. */
    errors: z.record(z.string(), z.array(z.string())),
    /** Beside `errors`, each message's key and parameters (null for other text). */
    errorCodes: z.record(z.string(), z.array(MessageCodeSchema.nullable())).optional(),
    /** Conflicts with a stay of this row of the file (a stay already saved has none). */
    conflictRow: z.number().int().nullable(),
    /** Duplicates: the earlier row it repeats. */
    duplicateOfRow: z.number().int().nullable(),
    /** After applying: the new stay's code. */
    code: z.string().nullable(),
  })
  .meta({ id: "ImportRowResult" });
export type ImportRowResult = z.infer<typeof ImportRowResult>;

/** The answer of POST /Reservations/import, a dry run or applied. */
export const ReservationImportResult = z
  .object({
    dryRun: z.boolean(),
    /** Fingerprint of the adds; send it back to apply exactly what the preview showed. */
    planId: z.string(),
    /** Stays by outcome (invalid also counts guest rows with no stay above them). */
    counts: z.object({
      add: z.number().int(),
      /** Guests added with the added stays. */
      guests: z.number().int(),
      conflict: z.number().int(),
      invalid: z.number().int(),
      duplicate: z.number().int(),
    }),
    rows: z.array(ImportRowResult),
  })
  .meta({ id: "ReservationImportResult" });
export type ReservationImportResult = z.infer<typeof ReservationImportResult>;
