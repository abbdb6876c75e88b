import { eq } from "drizzle-orm";
import type { UserSettings } from "@shared/schemas/user-settings.ts";
import type { Theme } from "@shared/themes.ts";
import {
  DEFAULT_QR_SHEET_LANGUAGES,
  type QrSheetLanguage,
  QrSheetLanguages,
} from "@shared/qr-sheet-texts.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../errors.ts";

/** GET /Users/manage/settings. */
export async function getUserSettings(ctx: ServiceContext): Promise<UserSettings> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, actorIdOf(ctx)));
  if (!row) throw new AppError("NotFound");
  return {
    language: row.language === "en" ? "en" : "hr",
    theme: row.theme as Theme | null,
    emailNotifications: row.emailNotifications,
    defaultCheckInTime: row.defaultCheckInTime,
    defaultCheckOutTime: row.defaultCheckOutTime,
    qrSheetLanguages: storedQrSheetLanguages(row.qrSheetLanguages),
  };
}

/** The door sheet's languages as stored ("de,en"), hr and en when none (or none valid) are. */
export function storedQrSheetLanguages(stored: string | null): QrSheetLanguage[] {
  const parsed = QrSheetLanguages.safeParse(stored);
  return parsed.success ? parsed.data : [...DEFAULT_QR_SHEET_LANGUAGES];
}

/** The caller's door sheet languages (the PDF's when its address names none). */
export async function userQrSheetLanguages(ctx: ServiceContext): Promise<QrSheetLanguage[]> {
  const [row] = await ctx.db.select({ stored: users.qrSheetLanguages }).from(users)
    .where(eq(users.id, actorIdOf(ctx)));
  return storedQrSheetLanguages(row?.stored ?? null);
}

/**
 * PUT /Users/manage/settings: all at once. The language is also the e-mails' language; the
 * default times go to properties created from now on (existing ones keep theirs); the door
 * sheet's languages change only when given.
 */
export async function updateUserSettings(
  ctx: ServiceContext,
  settings: UserSettings,
): Promise<UserSettings> {
  await ctx.db.update(users).set({
    language: settings.language,
    theme: settings.theme,
    emailNotifications: settings.emailNotifications,
    defaultCheckInTime: settings.defaultCheckInTime,
    defaultCheckOutTime: settings.defaultCheckOutTime,
    ...(settings.qrSheetLanguages ? { qrSheetLanguages: settings.qrSheetLanguages.join(",") } : {}),
  }).where(eq(users.id, actorIdOf(ctx)));
  return await getUserSettings(ctx);
}
