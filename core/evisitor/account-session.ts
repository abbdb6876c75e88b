import type { externalAccounts } from "../db/schema/external-accounts.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { EVisitorAccess } from "../services/external-accounts/evisitor-access.ts";
import type { EVisitorEndpoint, EVisitorSession } from "./types.ts";

type Account = typeof externalAccounts.$inferSelect;

/**
 * The eVisitor service an account was connected on (its `environment`, the service's root URL as
 * it was then), with this process's time-out. An account connected on the test service stays on
 * it whatever EVISITOR_URL says now; the process's setting only decides where new accounts go.
 */
export function accountEndpoint(
  evisitor: Pick<EVisitorAccess, "endpoint">,
  account: Pick<Account, "environment">,
): EVisitorEndpoint {
  return { baseUrl: account.environment, timeoutMs: evisitor.endpoint.timeoutMs };
}

/** Logs in to eVisitor as a host's connected account, opening its sealed credentials. */
export async function openAccountSession(
  { evisitor, secretBox }: { evisitor: EVisitorAccess; secretBox: SecretBox },
  account: Account,
): Promise<EVisitorSession> {
  return await evisitor.openSession(accountEndpoint(evisitor, account), {
    username: account.username,
    password: await secretBox.open(account.passwordSealed),
    apiKey: account.apiKeySealed ? await secretBox.open(account.apiKeySealed) : undefined,
  });
}
