import type { Transaction } from "@core/db/client.ts";
import { evisitorCodeLists } from "@core/db/schema/evisitor-code-lists.ts";
import type { EVisitorBorderCrossing } from "@core/evisitor/types.ts";

/** Keeps the active border crossings of an eVisitor service for the check-in form. */
export async function saveBorderCrossings(
  tx: Transaction,
  environment: string,
  crossings: EVisitorBorderCrossing[],
  now: Date,
): Promise<void> {
  const rows = crossings.filter((c) => c.active)
    .map((c) => ({ code: c.codeMI, name: c.name, type: c.type }))
    .sort((a, b) => a.name.localeCompare(b.name, "hr"));
  await tx.insert(evisitorCodeLists)
    .values({ environment, list: "borderCrossings", rows, fetchedAt: now })
    .onConflictDoUpdate({
      target: [evisitorCodeLists.environment, evisitorCodeLists.list],
      set: { rows, fetchedAt: now },
    });
}
