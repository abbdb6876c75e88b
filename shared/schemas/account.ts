import { z } from "zod";
import { Count, OptionalEmail, requiredMessage, requiredParameter } from "./fields.ts";
import { Password } from "./password.ts";

/** Managing one's own account: two-factor sign-in, e-mail and password. */

/**
 * POST /Users/manage/2fa. The spec does not show the body; the /Users calls mirror ASP.NET Core's
 * identity endpoints, so these are that API's fields, plus the proof a change needs: the
 * account's `password` to turn two-factor on (beside the app's `twoFactorCode`) and to make new
 * recovery codes; a current `twoFactorCode`, a `recoveryCode` or the `password` to turn it off or
 * reset its key while it is on.
 */
export const TwoFactorRequest = z
  .object({
    enable: z.boolean().optional(),
    twoFactorCode: z.string().trim().max(16).optional(),
    recoveryCode: z.string().trim().max(32).optional(),
    password: z.string().max(256).optional(),
    resetSharedKey: z.boolean().default(false),
    resetRecoveryCodes: z.boolean().default(false),
    forgetMachine: z.boolean().default(false),
  })
  .meta({ id: "TwoFactorRequest" });
export type TwoFactorRequest = z.infer<typeof TwoFactorRequest>;

export const TwoFactorState = z
  .object({
    sharedKey: z.string().nullable(),
    recoveryCodesLeft: Count,
    /** Only right after they are generated; never readable again. */
    recoveryCodes: z.array(z.string()).nullable(),
    isTwoFactorEnabled: z.boolean(),
    isMachineRemembered: z.boolean(),
  })
  .meta({ id: "TwoFactorState" });
export type TwoFactorState = z.infer<typeof TwoFactorState>;

export const AccountInfo = z
  .object({
    email: z.string(),
    isEmailConfirmed: z.boolean(),
    roles: z.array(z.string()),
    /** The profile's name (or company); absent until the profile names one. */
    displayName: z.string().optional(),
    /** When the account is to be erased; absent unless a deletion is pending. */
    deletionDueAt: z.iso.datetime().optional(),
  })
  .meta({ id: "AccountInfo" });
export type AccountInfo = z.infer<typeof AccountInfo>;

/** POST /Users/manage/info. Changing the password or the e-mail needs the current password. */
export const AccountUpdate = z
  .object({
    newEmail: OptionalEmail,
    newPassword: Password.optional(),
    oldPassword: z.string().max(256).optional(),
  })
  .refine((value) => !(value.newPassword || value.newEmail) || !!value.oldPassword, {
    path: ["oldPassword"],
    error: requiredMessage("currentPassword"),
  })
  .meta({ id: "AccountUpdate" });
export type AccountUpdate = z.infer<typeof AccountUpdate>;

/**
 * POST /Users/revertEmailChange: the link e-mailed to the old address when someone asks to change
 * the sign-in e-mail; it restores that address and ends every session.
 */
export const RevertEmailChangeRequest = z
  .object({ userId: requiredParameter("userId"), code: requiredParameter("code") })
  .meta({ id: "RevertEmailChangeRequest" });
export type RevertEmailChangeRequest = z.infer<typeof RevertEmailChangeRequest>;
