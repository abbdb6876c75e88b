import { z } from "zod";
import { message } from "../messages.ts";
import { isValidOib } from "../oib.ts";
import { OptionalPhone, optionalText } from "./fields.ts";

/**
 * The host's profile (GET/PUT /Users/manage/profile): who they are for receipts, the payment slip
 * and the dashboard's greeting. Every field may be left empty; "" clears it.
 */

/** Eleven digits with a valid ISO 7064 MOD 11,10 check digit, or empty. */
export const OptionalOib = z
  .string()
  .trim()
  .refine((value) => value === "" || isValidOib(value), { error: message("oibInvalid") })
  .optional();

export const ProfileUpdate = z
  .object({
    fullName: optionalText(100),
    phone: OptionalPhone,
    companyName: optionalText(120),
    oib: OptionalOib,
    street: optionalText(100),
    postalCode: optionalText(10),
    city: optionalText(60),
    inVatSystem: z.boolean().default(false),
  })
  .meta({ id: "ProfileUpdate" });
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const Profile = z
  .object({
    email: z.string(),
    fullName: z.string().nullable(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    oib: z.string().nullable(),
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    inVatSystem: z.boolean(),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof Profile>;

/** The name to greet and print: the person's name, else the company's, else nothing. */
export function displayNameOf(profile: Pick<Profile, "fullName" | "companyName">): string | null {
  return profile.fullName || profile.companyName || null;
}
