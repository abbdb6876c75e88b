import { z } from "zod";
import { SubscriptionSummary } from "./current-subscription.ts";
import { DateTime, Id } from "./fields.ts";
import { tokenShape } from "./token.ts";

/** What an administrator receives on impersonating a user: that user's tokens plus who and when. */
export const ImpersonationResult = z
  .object({
    ...tokenShape,
    impersonatedUserId: Id,
    impersonatedByUserId: Id,
    impersonationStartTime: DateTime,
  })
  .meta({ id: "ImpersonationResult" });
export type ImpersonationResult = z.infer<typeof ImpersonationResult>;

/** A row of the admin user list (GET /Users/list). */
export const AdminUserListItem = z
  .object({
    id: Id,
    email: z.string(),
    emailConfirmed: z.boolean(),
    created: DateTime,
    lastLogin: DateTime.nullable(),
    currentSubscription: SubscriptionSummary.nullable(),
  })
  .meta({ id: "AdminUserListItem" });
export type AdminUserListItem = z.infer<typeof AdminUserListItem>;
