import type { externalAccounts } from "../db/schema/external-accounts.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { EVisitorAccess } from "../services/external-accounts/evisitor-access.ts";
import type { EVisitorSession } from "./types.ts";

type Account = typeof externalAccounts.$inferSelect;

/** Logs in to eVisitor as a host's connected account, opening its sealed credentials. */
export async function openAccountSession(
  { evisitor, secretBox }: { evisitor: EVisitorAccess; secretBox: SecretBox },
  account: Account,
): Promise<EVisitorSession> {
  return await evisitor.openSession(evisitor.endpoint, {
    username: account.username,
    password: await secretBox.open(account.passwordSealed),
    apiKey: account.apiKeySealed ? await secretBox.open(account.apiKeySealed) : undefined,
  });
}
