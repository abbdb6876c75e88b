import { Buffer } from "node:buffer";
import type { InArgs, InValue } from "@libsql/client";
import { LibsqlError } from "@libsql/client";

/**
 * Values and errors as `@libsql/client` passes them (its `intMode: "number"`), for the statement
 * cache (statement-cache-client.ts), which talks to SQLite directly: arguments bound as SQLite
 * takes them, integers and blobs read back as callers expect, SQLite's errors as LibsqlError.
 */

export function bindArgs(args: InArgs): unknown[] | Record<string, unknown> {
  if (Array.isArray(args)) return args.map(toSql);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    named[/^[@$:]/.test(name) ? name.slice(1) : name] = toSql(value);
  }
  return named;
}

const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

function toSql(value: InValue): unknown {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    }
    return value;
  }
  if (typeof value === "bigint") {
    if (value < MIN_INTEGER || value > MAX_INTEGER) {
      throw new RangeError("bigint is too large to be represented as a 64-bit integer");
    }
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) {
    throw new TypeError("undefined cannot be passed as argument to the database");
  }
  return value;
}

export function fromSql(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError(
        "Received integer which cannot be safely represented as a JavaScript number",
      );
    }
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer;
  return value;
}
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** SQLite's errors as `@libsql/client` reports them (code, extended code, raw code). */
export function asLibsqlError(error: unknown): unknown {
  if (error instanceof LibsqlError || !(error instanceof Error)) return error;
  const { code, rawCode } = error as Error & { code?: string; rawCode?: number };
  if (typeof code !== "string" || !code.startsWith("SQLITE")) return error;
  const base = rawCode === undefined ? "SQLITE_UNKNOWN" : BASE_CODES[rawCode & 0xff] ??
    `SQLITE_UNKNOWN_${rawCode & 0xff}`;
  return new LibsqlError(error.message, base, code, rawCode, error);
}

const BASE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  16: "SQLITE_EMPTY",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  24: "SQLITE_FORMAT",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
  27: "SQLITE_NOTICE",
  28: "SQLITE_WARNING",
};
