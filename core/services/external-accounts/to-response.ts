import type { ExternalAccount } from "@shared/schemas/external-account.ts";
import type { externalAccounts } from "../../db/schema/external-accounts.ts";
import type { PropertyReference } from "@shared/schemas/property-reference.ts";

type Row = typeof externalAccounts.$inferSelect;

/** The account as the API shows it: never the password or the API key. */
export function toExternalAccount(row: Row, properties: PropertyReference[]): ExternalAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    type: row.type as ExternalAccount["type"],
    status: row.status as ExternalAccount["status"],
    lastError: row.lastError,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    properties,
  };
}
