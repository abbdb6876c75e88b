import { z } from "zod";
import { requiredMessage, requiredParameter } from "./fields.ts";

/** POST /Users/manage/delete: the password proves it is the owner asking. */
export const DeleteAccountRequest = z
  .object({
    password: z
      .string({ error: requiredMessage("password") })
      .min(1, { error: requiredMessage("password") })
      .max(256),
  })
  .meta({ id: "DeleteAccountRequest" });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** Whether the account is to be erased, and when. */
export const AccountDeletionState = z
  .object({
    /** When the erase job removes the account; null when no deletion is pending. */
    deletionDueAt: z.iso.datetime().nullable(),
    deletionRequestedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "AccountDeletionState" });
export type AccountDeletionState = z.infer<typeof AccountDeletionState>;

/** POST /Users/cancelDeletion: the single-use link e-mailed when the deletion was asked for. */
export const CancelDeletionRequest = z
  .object({ userId: requiredParameter("userId"), code: requiredParameter("code") })
  .meta({ id: "CancelDeletionRequest" });
export type CancelDeletionRequest = z.infer<typeof CancelDeletionRequest>;

/** GET /Users/manage/privacy: the retention periods in force, as the workers apply them. */
export const RetentionPeriods = z
  .object({
    guestDataDaysAfterCheckOut: z.number().int(),
    accountHistoryDays: z.number().int(),
    contactMessageDays: z.number().int(),
    deletionGraceDays: z.number().int(),
    receiptYears: z.number().int(),
  })
  .meta({ id: "RetentionPeriods" });
export type RetentionPeriods = z.infer<typeof RetentionPeriods>;

/** GET /Users/manage/privacy: what the privacy centre shows besides the export and consents. */
export const PrivacyOverview = z
  .object({ retention: RetentionPeriods, deletion: AccountDeletionState })
  .meta({ id: "PrivacyOverview" });
export type PrivacyOverview = z.infer<typeof PrivacyOverview>;
