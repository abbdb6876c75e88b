import { z } from "zod";
import { ACCOUNT_EVENT_KINDS } from "../account-history.ts";

/** GET /Users/manage/history: one entry of the caller's account history. */
export const AccountEvent = z
  .object({
    id: z.string(),
    kind: z.enum(ACCOUNT_EVENT_KINDS),
    createdAt: z.iso.datetime(),
    /** The caller's address (IP) for sign-ins and changes made through the API; else null. */
    address: z.string().nullable(),
    /**
     * The browser and system beside the address, as named from the User-Agent
     * (`Chrome 131 · Windows`); null when it names neither. Never the header's own text.
     */
    userAgent: z.string().nullable(),
    /** The administrator who acted (impersonation, plan assigned or paid). */
    actorEmail: z.string().nullable(),
    details: z.object({
      username: z.string().optional(),
      packageName: z.string().optional(),
      months: z.number().int().optional(),
      reservationCode: z.string().optional(),
      tokenName: z.string().optional(),
      tokenScopes: z.array(z.string()).optional(),
      revokedApiTokens: z.number().int().optional(),
      propertyName: z.string().optional(),
      memberEmail: z.string().optional(),
      byEmail: z.string().optional(),
    }),
  })
  .meta({ id: "AccountEvent" });
export type AccountEvent = z.infer<typeof AccountEvent>;
