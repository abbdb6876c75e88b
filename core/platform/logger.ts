/**
 * Structured JSON logs on stdout. Callers pass ids, counts, subjects and route patterns; never
 * names, e-mail addresses, document numbers, message texts or credentials.
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: Level = "info";

export function setLogLevel(level: Level): void {
  threshold = level;
}

function write(level: Level, msg: string, fields: Record<string, unknown>): void {
  if (ORDER[level] < ORDER[threshold]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const log = {
  debug: (msg: string, fields: Record<string, unknown> = {}) => write("debug", msg, fields),
  info: (msg: string, fields: Record<string, unknown> = {}) => write("info", msg, fields),
  warn: (msg: string, fields: Record<string, unknown> = {}) => write("warn", msg, fields),
  error: (msg: string, fields: Record<string, unknown> = {}) => write("error", msg, fields),
};

const EMAIL = /[^\s@<>"',;:()]+@[^\s@<>"',;:()]+/g;

/**
 * The name and message of an error, safe for logs: no stack, no query parameters (drizzle appends
 * the values of a failed query after "params:"), no e-mail addresses (SMTP rejections quote the
 * recipient), and at most 300 characters.
 */
export function describeError(error: unknown): { error: string } {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const safe = text.split(/\n?\s*params:/)[0].replace(EMAIL, "[e-mail]").slice(0, 300);
  return { error: safe };
}
