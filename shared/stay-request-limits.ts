/**
 * The walk-in rules (issue 20 item 5) the API enforces and the check-in page shows, apart from the
 * zod schemas so the page's lazy walk-in chunk does not carry zod.
 */

/** A walk-in request waits this long for the host's answer, holding its nights. */
export const STAY_REQUEST_HOURS = 2;
/** The longest stay a guest at the door may ask for. */
export const STAY_REQUEST_MAX_NIGHTS = 30;
/** Requests one unit may have waiting at once. */
export const STAY_REQUEST_MAX_PENDING = 1;
/** The header carrying the guest device's request token (never the address: logs keep those). */
export const STAY_REQUEST_TOKEN_HEADER = "Stay-Request-Token";
