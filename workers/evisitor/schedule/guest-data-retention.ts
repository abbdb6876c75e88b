/**
 * The retention of guests' personal data is the core's (api/core/services/guests/
 * guest-data-retention.ts), the one writer of guest rows besides the registration module; the
 * scheduler's job runs it daily. This name is kept for the tests that import it from here.
 */
export * from "@core/services/guests/guest-data-retention.ts";
