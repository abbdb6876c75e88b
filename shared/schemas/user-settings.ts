import { z } from "zod";
import { QR_SHEET_LANGUAGES } from "../qr-sheet-texts.ts";
import { THEMES } from "../themes.ts";
import { TimeOfDay } from "./fields.ts";

/** The languages of the host area (the check-in page has seven; the app two). */
export const APP_LANGUAGES = ["hr", "en"] as const;

/**
 * The host's settings, kept on the server (GET/PUT /Users/manage/settings): the app's language
 * (also of the e-mails), theme, the notification channels and the check-in and check-out times
 * a new property gets when eVisitor gives it none, and the guest languages of the door sheets.
 */
export const UserSettings = z
  .object({
    language: z.enum(APP_LANGUAGES),
    /**
     * Null until the settings are first saved: each browser then keeps its own theme (and
     * language); once saved, signing in applies both.
     */
    theme: z.enum(THEMES).nullable(),
    /** In-app notifications are always on; this adds e-mail for the important ones. */
    emailNotifications: z.boolean(),
    defaultCheckInTime: TimeOfDay.nullable(),
    defaultCheckOutTime: TimeOfDay.nullable(),
    /**
     * The door sheet's guest languages, one to three (issue 32); hr and en until chosen. Left out
     * of a PUT, they stay as they are.
     */
    qrSheetLanguages: z.array(z.enum(QR_SHEET_LANGUAGES)).min(1).max(3)
      .refine((list) => new Set(list).size === list.length, "Each language only once")
      .optional(),
  })
  .meta({ id: "UserSettings" });
export type UserSettings = z.infer<typeof UserSettings>;
