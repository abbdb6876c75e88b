import type { SubscriptionPolicy } from "@shared/schemas/subscription-package.ts";
import type { Database } from "../../db/client.ts";

/**
 * What a host's plan allows. Until billing exists every host is on the 3-month trial, which
 * allows what Pro allows (spec section 9: one eVisitor account, up to 5 properties). Billing
 * replaces this with the host's current subscription.
 */
export const TRIAL_POLICY: SubscriptionPolicy = {
  maxExternalAccounts: 1,
  maxProperties: 5,
  allowBulkImport: false,
  allowDataExport: true,
  allowApiAccess: false,
  maxUsersPerProperty: 1,
  maxBookingsPerMonth: null,
};

export function planPolicyOf(_db: Database, _userId: string): Promise<SubscriptionPolicy> {
  return Promise.resolve(TRIAL_POLICY);
}
