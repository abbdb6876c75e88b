import type { Database } from "@core/db/client.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { checkGuestsInAutomatically } from "./evisitor-pipeline.ts";
import { applySync } from "../../workers/evisitor/provisioning/apply-sync.ts";
import { type FacilitySnapshot, planSync } from "../../workers/evisitor/provisioning/plan-sync.ts";

/** A facility with three identical apartments and a room, as eVisitor would list it. */
export function demoFacility(id = "fac-1", code = "0034643"): FacilitySnapshot {
  return {
    facility: {
      id,
      code,
      name: `Vila ${code}`,
      facilityType: "Kuća za odmor",
      category: "4*",
      settlement: "Split",
      streetNumber: "Obala 5",
      isDeactivated: false,
    },
    units: [
      {
        id: `${id}-apt`,
        facilityId: id,
        typeNameCode: "Apartman",
        numberOfBeds: 4,
        numberOfExtraBeds: 0,
        numberOfEquivalentUnits: 3,
        sequence: 1,
      },
      {
        id: `${id}-room`,
        facilityId: id,
        typeNameCode: "Soba",
        numberOfBeds: 2,
        numberOfExtraBeds: 0,
        numberOfEquivalentUnits: 1,
        sequence: 2,
      },
    ],
  };
}

/**
 * Gives a host an eVisitor account mirrored from `snapshots` through the same code the
 * provisioning worker runs, without an eVisitor (for API tests of properties and units).
 */
export async function seedMirroredAccount(
  db: Database,
  userId: string,
  snapshots: FacilitySnapshot[] = [demoFacility()],
  { environment = "http://seeded.test", username, automaticCheckIn = false }: {
    environment?: string;
    username?: string;
    /** The properties check guests in automatically (else door guests wait for approval). */
    automaticCheckIn?: boolean;
  } = {},
): Promise<string> {
  const accountId = crypto.randomUUID();
  const now = new Date();
  await db.insert(externalAccounts).values({
    id: accountId,
    userId,
    type: 0,
    environment,
    username: username ?? `seed-${accountId}`,
    passwordSealed: "v1:not-used",
    status: 2,
    lastSyncedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await db.transaction((tx) =>
    applySync(tx, { userId, accountId, now }, planSync({ properties: [], units: [] }, snapshots))
  );
  if (automaticCheckIn) await checkGuestsInAutomatically(db, accountId);
  return accountId;
}
