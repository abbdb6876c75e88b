/**
 * Reading browse answers defensively: `{"Records": [...]}` (and `TotalCount` for
 * RecordsAndTotalCount), each record an object. Anything else is a "protocol" error, so a changed
 * or foreign answer never turns into silently wrong data.
 */
import { protocolError } from "./errors.ts";

export type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readRecords(body: unknown, resource: string): Row[] {
  if (!isRow(body) || !Array.isArray(body.Records) || !body.Records.every(isRow)) {
    throw protocolError(resource, "no Records list");
  }
  return body.Records;
}

export function readRecordsAndTotalCount(
  body: unknown,
  resource: string,
): { records: Row[]; totalCount: number } {
  const records = readRecords(body, resource);
  const total = (body as Row).TotalCount;
  if (typeof total !== "number" || !Number.isInteger(total) || total < 0) {
    throw protocolError(resource, "no TotalCount");
  }
  return { records, totalCount: total };
}

/** Field readers: a missing required field is a protocol error naming the field, not its value. */
export class Fields {
  constructor(private readonly row: Row, private readonly resource: string) {}

  string(name: string): string {
    const value = this.row[name];
    // Codes may come as numbers from some columns; as text they keep their meaning.
    if (typeof value === "string" && value !== "") return value;
    if (typeof value === "number") return String(value);
    throw protocolError(this.resource, `a record without ${name}`);
  }

  optionalString(name: string): string | null {
    const value = this.row[name];
    if (typeof value === "string") return value === "" ? null : value;
    if (typeof value === "number") return String(value);
    return null;
  }

  boolean(name: string, fallback = false): boolean {
    const value = this.row[name];
    if (typeof value === "boolean") return value;
    if (value === "true" || value === "True") return true;
    if (value === "false" || value === "False") return false;
    return fallback;
  }

  number(name: string, fallback = 0): number {
    const value = this.row[name];
    if (typeof value === "number" && Number.isFinite(value)) return value;
    if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
      return Number(value);
    }
    return fallback;
  }

  optionalNumber(name: string): number | null {
    const value = this.row[name];
    return value === null || value === undefined || value === "" ? null : this.number(name);
  }

  raw(name: string): unknown {
    return this.row[name];
  }
}

/** A generic Rhetos filter condition (evisitor-api.md §2.2). */
export interface Filter {
  Property: string;
  Operation: string;
  Value: unknown;
}

export function filterQuery(filters: Filter[]): string | undefined {
  return filters.length ? JSON.stringify(filters) : undefined;
}
