/** The HTTP status of a failed call, and its problem details. */
export const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status;
export const problemOf = (error: unknown) =>
  (error as { problem?: { code?: string; errors?: Record<string, string[]> } } | undefined)
    ?.problem;
