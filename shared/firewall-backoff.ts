/**
 * eVisitor's firewall (its F5 block page) refusing a request is usually deterministic: the same
 * request meets the same rule a second later. So a blocked registration, check-out, cancel or
 * undo is tried once, then left for this long before it goes again by itself, at most
 * FIREWALL_RETRIES times; the host is told at once, with the wait (the site's
 * guests.registrationFailure.firewall). One place for the workers and the site.
 */
export const FIREWALL_BACKOFF_HOURS = 4;
export const FIREWALL_RETRIES = 3;
