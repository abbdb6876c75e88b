/** Whether an error (or one it wraps, as drizzle wraps the driver's) is a UNIQUE constraint failure. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed/i.test(e.message)) return true;
  }
  return false;
}
