import { log } from "@core/platform/logger.ts";
import { EVisitorError } from "@core/evisitor/types.ts";

/**
 * For the background reads (opening a stay, the daily comparison): whether to stop here rather
 * than let the runner deliver the event again. A refused login (wrong password, refused API key,
 * lockout) or a refusal of the call cannot go better on a retry a second later, and retrying
 * would spend the host's failed logins; the login guard keeps the refusal, the sync and the
 * registrations tell the host. An unreachable eVisitor is retried until the last delivery; its
 * firewall is not (one try: a block is deterministic, shared/firewall-backoff.ts). Logs the kind and the ids it is given, never personal data.
 */
export function stopsHere(
  error: unknown,
  event: { deliveries: number; isLastAttempt: boolean },
  what: string,
  ids: Record<string, string>,
): boolean {
  if (!(error instanceof EVisitorError)) return false;
  if (error.retriesSoon && !event.isLastAttempt) return false;
  log.warn(`${what} stopped: eVisitor refused or kept failing`, {
    ...ids,
    kind: error.kind,
    deliveries: event.deliveries,
  });
  return true;
}
