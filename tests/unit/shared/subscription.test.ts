import assert from "node:assert/strict";
import { PurchaseRequestStatus, SubscriptionStatus } from "../../../shared/enums.ts";
import { CurrentSubscription } from "../../../shared/schemas/current-subscription.ts";
import {
  CreatePurchaseRequestQuery,
  PurchaseRequest,
} from "../../../shared/schemas/purchase-request.ts";
import { SubscriptionPackage } from "../../../shared/schemas/subscription-package.ts";

Deno.test("a package lists its periods and a policy where null means unlimited", () => {
  const premium = SubscriptionPackage.parse({
    id: "premium",
    name: "Premium",
    description: "Professional managers",
    basePrice: 30,
    availablePeriods: [
      { length: 12, price: 25.5, totalPrice: 306, discountPercent: 15, totalDiscount: 54 },
    ],
    policy: {
      maxExternalAccounts: null,
      maxProperties: null,
      allowBulkImport: true,
      allowDataExport: true,
      allowApiAccess: true,
      maxUsersPerProperty: 5,
      maxBookingsPerMonth: null,
    },
  });
  assert.equal(premium.policy.maxProperties, null);
  const badDiscount = { ...premium.availablePeriods[0], discountPercent: 120 };
  assert.equal(
    SubscriptionPackage.safeParse({ ...premium, availablePeriods: [badDiscount] }).success,
    false,
  );
});

Deno.test("current subscription keeps the spec's Utc spelling and numeric status", () => {
  const current = {
    id: "s1",
    packageName: "Basic",
    startDateUtc: "2026-08-20T00:00:00Z",
    endDateUtc: "2026-11-20T00:00:00Z",
    status: SubscriptionStatus.Expired,
    isTrial: true,
    isActive: false,
    daysRemaining: 0,
    packageId: "basic",
    policy: {
      maxExternalAccounts: 1,
      maxProperties: 1,
      allowBulkImport: false,
      allowDataExport: false,
      allowApiAccess: false,
      maxUsersPerProperty: 1,
      maxBookingsPerMonth: 30,
    },
  };
  const parsed = CurrentSubscription.parse(current);
  assert.equal(parsed.status, 1);
  // A stored policy without our maxUnitsPerProperty reads as unlimited.
  assert.equal(parsed.policy.maxUnitsPerProperty, null);
  const { startDateUtc, ...rest } = current;
  assert.equal(
    CurrentSubscription.safeParse({ ...rest, startDateUTC: startDateUtc }).success,
    false,
  );
});

Deno.test("purchase requests use numeric statuses; creation reads its query", () => {
  const request = {
    id: "r1",
    userId: "u1",
    userEmail: "ana@example.com",
    subscriptionPackageId: "pro",
    packageName: "Pro",
    subscriptionLength: 6,
    price: 90,
    status: PurchaseRequestStatus.Pending,
    created: "2026-11-20T10:00:00Z",
    referenceCode: "2026-000001",
    paidAt: null,
    receiptId: null,
  };
  assert.equal(PurchaseRequest.parse(request).status, 0);
  assert.equal(PurchaseRequest.safeParse({ ...request, status: "Pending" }).success, false);
  assert.deepEqual(
    CreatePurchaseRequestQuery.parse({ packageId: "pro", subscriptionLength: "6" }),
    {
      packageId: "pro",
      subscriptionLength: 6,
    },
  );
  assert.equal(
    CreatePurchaseRequestQuery.safeParse({ packageId: "pro", subscriptionLength: "0" }).success,
    false,
  );
});
