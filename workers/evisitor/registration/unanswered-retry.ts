/**
 * When a registration or check-out eVisitor did not answer goes again, and the clock that sends
 * it, are the registration module's (api/core/services/guests/registration/); this name is kept
 * for the scheduler's jobs and the tests.
 */
export {
  firewallRetryAt,
  UNANSWERED_RETRY_DELAYS_MS,
  unansweredRetryAt,
} from "@core/services/guests/registration/retry-schedule.ts";
export {
  retryUnansweredCheckOuts,
  retryUnansweredRegistrations,
} from "@core/services/guests/registration/due-work.ts";
