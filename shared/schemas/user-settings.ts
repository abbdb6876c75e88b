import { z } from "zod";
import { THEMES } from "../themes.ts";
import { TimeOfDay } from "./fields.ts";

/** The languages of the host area (the check-in page has seven; the app two). */
export const APP_LANGUAGES = ["hr", "en"] as const;

/**
 * The host's settings, kept on the server (GET/PUT /Users/manage/settings): the app's language
 * (also of the e-mails), theme, the notification channels and the check-in and check-out times
 * a new property gets when eVisitor gives it none.
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
  })
  .meta({ id: "UserSettings" });
export type UserSettings = z.infer<typeof UserSettings>;
