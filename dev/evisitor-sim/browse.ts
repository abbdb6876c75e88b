/**
 * Rhetos' generic read interface over an in-memory list (evisitor-api.md §2.2): `filters` (a JSON
 * list of {Property, Operation, Value}, all must hold), `sort`, paging by page/psize or top/skip,
 * with Rhetos' own refusals — unknown property or operation, paging without a sort order, mixed
 * paging styles.
 */
import { instantOf, localOf, parseDotNetDate } from "./clock.ts";
import { Answer, clientError } from "./responses.ts";

export type Row = Record<string, unknown>;

export interface ReadResult {
  records: Row[];
  totalCount: number;
}

const fail = (reason: string): never => {
  throw new Answer(clientError(reason));
};

/** A comparable form of a cell: dates as instants, strings case-insensitively. */
function comparable(cell: unknown, value: unknown, property: string): [unknown, unknown] {
  if (typeof cell === "string" && parseDotNetDate(cell) !== null) {
    return [parseDotNetDate(cell), dateValue(value, property)];
  }
  if (typeof cell === "boolean") {
    if (typeof value === "boolean") return [cell, value];
    if (value === "true" || value === "True") return [cell, true];
    if (value === "false" || value === "False") return [cell, false];
    fail(`Invalid generic filter parameter: '${String(value)}' is not a Boolean (${property}).`);
  }
  if (typeof cell === "number") {
    const n = typeof value === "number" ? value : Number(value);
    if (Number.isNaN(n)) fail(`Invalid generic filter parameter: not a number (${property}).`);
    return [cell, n];
  }
  return [
    typeof cell === "string" ? cell.toLowerCase() : cell,
    typeof value === "string" ? value.toLowerCase() : value,
  ];
}

/** Filter dates come as `/Date(ms±hhmm)/` or as ISO text, which counts as Croatian local time. */
function dateValue(value: unknown, property: string): number {
  if (typeof value === "string") {
    const fromDotNet = parseDotNetDate(value);
    if (fromDotNet !== null) return fromDotNet;
    const local = value.match(/^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?$/);
    if (local) return instantOf(local[1], local[2] ?? "00:00");
    const zoned = Date.parse(value);
    if (!Number.isNaN(zoned)) return zoned;
  }
  return fail(`Invalid JSON format of DateTime property '${property}'.`);
}

function matches(row: Row, property: string, operation: string, value: unknown): boolean {
  const cell = row[property];
  const op = operation.toLowerCase();
  if (op === "in" || op === "notin") {
    if (!Array.isArray(value)) fail(`The value of the '${operation}' filter must be an array.`);
    const hit = (value as unknown[]).some((v) => {
      const [a, b] = comparable(cell, v, property);
      return a === b;
    });
    return op === "in" ? hit : !hit;
  }
  if (op === "datein" || op === "datenotin") {
    if (typeof value !== "string" || !/^\d{4}(-\d{2}(-\d{2})?)?$/.test(value)) {
      fail(`Invalid generic filter parameter: '${operation}' takes yyyy, yyyy-mm or yyyy-mm-dd.`);
    }
    const ms = typeof cell === "string" ? parseDotNetDate(cell) : null;
    const hit = ms !== null && localOf(ms).date.startsWith(value as string);
    return op === "datein" ? hit : !hit;
  }
  if (cell === null || cell === undefined) {
    if (op === "equal" || op === "equals") return value === null;
    if (op === "notequal" || op === "notequals") return value !== null;
    return false;
  }
  const [a, b] = comparable(cell, value, property);
  switch (op) {
    case "equal":
    case "equals":
      return a === b;
    case "notequal":
    case "notequals":
      return a !== b;
    case "greater":
      return (a as number) > (b as number);
    case "greaterequal":
      return (a as number) >= (b as number);
    case "less":
      return (a as number) < (b as number);
    case "lessequal":
      return (a as number) <= (b as number);
    case "startswith":
      return String(a).startsWith(String(b));
    case "endswith":
      return String(a).endsWith(String(b));
    case "contains":
      return String(a).includes(String(b));
    case "notcontains":
      return !String(a).includes(String(b));
  }
  return fail(`Unsupported generic filter operation '${operation}' on a property.`);
}

function sortKey(cell: unknown): number | string | boolean | null {
  if (typeof cell === "string") return parseDotNetDate(cell) ?? cell;
  if (typeof cell === "number" || typeof cell === "boolean") return cell;
  return null;
}

function compare(a: unknown, b: unknown): number {
  const [x, y] = [sortKey(a), sortKey(b)];
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  if (typeof x === "string" && typeof y === "string") {
    return x.localeCompare(y, "hr", { sensitivity: "base" });
  }
  return x < y ? -1 : 1;
}

function positiveInt(params: URLSearchParams, name: string, min: number): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === "") return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) fail(`Invalid paging parameter: '${name}'.`);
  return n;
}

/** Applies the query string to `rows` (whose columns are `columns`) the way Rhetos would. */
export function read(
  resource: string,
  columns: readonly string[],
  rows: Row[],
  params: URLSearchParams,
): ReadResult {
  const unknownProperty = (p: string) =>
    fail(
      `Invalid generic filter parameter: Type 'Common.Queryable.Htz_${resource}' does not have property '${p}'.`,
    );

  if (params.has("filter") || params.has("fparam")) {
    fail("Predefined filters (filter/fparam) are not supported by the simulator.");
  }
  let filters: unknown = [];
  const rawFilters = params.get("filters");
  if (rawFilters) {
    try {
      filters = JSON.parse(rawFilters);
    } catch {
      fail("Invalid format of the generic filter: 'filters' is not valid JSON.");
    }
  }
  if (!Array.isArray(filters)) fail("Invalid format of the generic filter: expected a JSON array.");
  let result = rows;
  for (const f of filters as Row[]) {
    const property = typeof f?.Property === "string" ? f.Property : "";
    const operation = typeof f?.Operation === "string" ? f.Operation : "";
    if (!columns.includes(property)) unknownProperty(property);
    if (!operation) fail("Invalid generic filter parameter: Operation is missing.");
    result = result.filter((row) => matches(row, property, operation, f.Value));
  }

  const sort = (params.get("sort") ?? "").split(",").map((s) => s.trim()).filter(Boolean).map(
    (part) => {
      const [property, direction = "asc", ...rest] = part.split(/\s+/);
      if (!columns.includes(property)) unknownProperty(property);
      if (rest.length || !/^(asc|desc)$/i.test(direction)) {
        fail(`Invalid sort parameter '${part}'.`);
      }
      return { property, descending: direction.toLowerCase() === "desc" };
    },
  );
  if (sort.length) {
    result = [...result].sort((a, b) => {
      for (const s of sort) {
        const c = compare(a[s.property], b[s.property]);
        if (c !== 0) return s.descending ? -c : c;
      }
      return 0;
    });
  }

  const page = positiveInt(params, "page", 1);
  const psize = positiveInt(params, "psize", 1);
  const top = positiveInt(params, "top", 0);
  const skip = positiveInt(params, "skip", 0);
  if ((page !== undefined || psize !== undefined) && (top !== undefined || skip !== undefined)) {
    fail("Invalid paging parameter: Use either 'top' and 'skip', or 'page' and 'psize'.");
  }
  const take = psize ?? top;
  const from = psize !== undefined ? ((page ?? 1) - 1) * psize : page !== undefined ? 0 : skip;
  const paged = take !== undefined || (from !== undefined && from > 0);
  if (paged && !sort.length) {
    fail("Invalid ReadCommand argument: Sort order must be set if paging is used (Top or Skip).");
  }
  const totalCount = result.length;
  if (paged) result = result.slice(from ?? 0, take === undefined ? undefined : (from ?? 0) + take);
  return { records: result, totalCount };
}
