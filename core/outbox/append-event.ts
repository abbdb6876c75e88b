import type { z } from "zod";
import type { EventContract } from "@shared/events.ts";
import type { DbOrTx } from "../db/client.ts";
import { outbox } from "../db/schema/outbox.ts";

/**
 * Records an event in the outbox. Call it with the transaction that writes the data the event
 * announces, so both are committed together or not at all. Returns the event id.
 */
export async function appendEvent<S extends string, P extends z.ZodType>(
  tx: DbOrTx,
  contract: EventContract<S, P>,
  payload: z.input<P>,
  occurredAt: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await tx.insert(outbox).values({
    id,
    subject: contract.subject,
    version: contract.version,
    payload: contract.payload.parse(payload),
    occurredAt,
  });
  return id;
}
