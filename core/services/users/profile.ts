import { eq } from "drizzle-orm";
import type { Profile, ProfileUpdate } from "@shared/schemas/profile.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../errors.ts";

type UserRow = typeof users.$inferSelect;

const toProfile = (row: UserRow): Profile => ({
  email: row.email,
  fullName: row.fullName,
  phone: row.phone,
  companyName: row.companyName,
  oib: row.oib,
  street: row.street,
  postalCode: row.postalCode,
  city: row.city,
  inVatSystem: row.inVatSystem,
});

/** A user's profile (the host's, during impersonation). */
export async function profileOf(db: DbOrTx, userId: string): Promise<Profile> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("NotFound");
  return toProfile(row);
}

/** GET /Users/manage/profile. */
export async function getProfile(ctx: ServiceContext): Promise<Profile> {
  return await profileOf(ctx.db, actorIdOf(ctx));
}

/** PUT /Users/manage/profile: every field is replaced; an empty one is cleared. */
export async function updateProfile(ctx: ServiceContext, input: ProfileUpdate): Promise<Profile> {
  const userId = actorIdOf(ctx);
  const text = (value: string | undefined) => value?.trim() || null;
  await ctx.db.update(users).set({
    fullName: text(input.fullName),
    phone: text(input.phone),
    companyName: text(input.companyName),
    oib: text(input.oib),
    street: text(input.street),
    postalCode: text(input.postalCode),
    city: text(input.city),
    inVatSystem: input.inVatSystem,
  }).where(eq(users.id, userId));
  return await profileOf(ctx.db, userId);
}

/**
 * The customer as a receipt names them, one line each: the company or the person, the OIB, the
 * address, whether in the VAT system. Null when the profile is empty (the receipt then names the
 * e-mail address, as before profiles existed).
 */
export function buyerLinesOf(profile: Profile): string | null {
  const place = [profile.postalCode, profile.city].filter(Boolean).join(" ");
  const lines = [
    profile.companyName,
    profile.companyName && profile.fullName ? `n/p ${profile.fullName}` : profile.fullName,
    profile.oib ? `OIB ${profile.oib}` : null,
    [profile.street, place].filter(Boolean).join(", ") || null,
  ].filter((line): line is string => !!line);
  if (lines.length === 0) return null;
  if (profile.inVatSystem) lines.push("U sustavu PDV-a / VAT registered");
  return lines.join("\n");
}
