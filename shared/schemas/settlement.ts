import { z } from "zod";
import { SETTLEMENT_QUERY_MIN } from "../settlements.ts";

export {
  foldSettlementName,
  SETTLEMENT_QUERY_MIN,
  SETTLEMENT_RESULTS_MAX,
} from "../settlements.ts";

/**
 * Croatian settlements a guest's city of birth or residence is chosen from (eVisitor's
 * SettlementLookup, kept per eVisitor account). `name` is the "Grad-Naselje" entry sent to eVisitor
 * as it is, e.g. "Zagreb-Adamovec".
 */
export const Settlement = z.object({
  name: z.string(),
  zipCode: z.string().nullable(),
}).meta({ id: "Settlement" });
export type Settlement = z.infer<typeof Settlement>;

export const SettlementQuery = z.object({
  Query: z.string().trim().min(SETTLEMENT_QUERY_MIN).max(60),
});

export const ReservationSettlementQuery = SettlementQuery.extend({
  ReservationCode: z.string().trim().min(1).max(64),
});

/**
 * A search's answer. `available` is false while the account's list has not been read from eVisitor
 * yet: the city is then typed as free text, and eVisitor says if it does not know it.
 */
export const SettlementSearch = z.object({
  available: z.boolean(),
  settlements: z.array(Settlement),
}).meta({ id: "SettlementSearch" });
export type SettlementSearch = z.infer<typeof SettlementSearch>;
