import { eq, inArray } from "drizzle-orm";
import type { Transaction } from "@core/db/client.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { properties } from "@core/db/schema/properties.ts";
import { users } from "@core/db/schema/users.ts";
import { newUnitCode } from "@core/services/units/unit-code.ts";
import type { SyncPlan } from "./plan-sync.ts";

/** Writes a sync plan for one account; run it inside one transaction. */
export async function applySync(
  tx: Transaction,
  { userId, accountId, now }: { userId: string; accountId: string; now: Date },
  plan: SyncPlan,
): Promise<void> {
  const propertyIdByFacility = new Map<string, string>();
  // A new property starts with the host's default times (the settings page) until its own are set.
  const [defaults] = await tx.select({
    defaultCheckInTime: users.defaultCheckInTime,
    defaultCheckOutTime: users.defaultCheckOutTime,
  }).from(users).where(eq(users.id, userId));
  for (const change of plan.properties) {
    const { deactivated, ...values } = change.values;
    const fields = { ...values, deactivatedAt: deactivated ? now : null, updatedAt: now };
    if (change.existingId) {
      await tx.update(properties).set(fields).where(eq(properties.id, change.existingId));
      propertyIdByFacility.set(change.facilityId, change.existingId);
    } else {
      const id = crypto.randomUUID();
      await tx.insert(properties).values({
        id,
        userId,
        externalAccountId: accountId,
        facilityId: change.facilityId,
        createdAt: now,
        defaultCheckInTime: defaults?.defaultCheckInTime ?? null,
        defaultCheckOutTime: defaults?.defaultCheckOutTime ?? null,
        ...fields,
      });
      propertyIdByFacility.set(change.facilityId, id);
    }
  }
  for (const change of plan.units) {
    if (change.existingId) {
      const name = change.rename ? { name: change.name } : {};
      await tx.update(accommodationUnits).set({ ...change.values, ...name, updatedAt: now })
        .where(eq(accommodationUnits.id, change.existingId));
      continue;
    }
    await tx.insert(accommodationUnits).values({
      id: crypto.randomUUID(),
      code: newUnitCode(),
      userId,
      propertyId: propertyIdByFacility.get(change.facilityId)!,
      externalUnitId: change.externalUnitId,
      externalUnitIndex: change.externalUnitIndex,
      name: change.name,
      ...change.values,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (plan.vanishedPropertyIds.length > 0) {
    await tx.update(properties).set({ deactivatedAt: now, updatedAt: now })
      .where(inArray(properties.id, plan.vanishedPropertyIds));
  }
}
