import { z } from "zod";
import {
  ExternalAccountStatusSchema,
  ExternalAccountType,
  ExternalAccountTypeSchema,
} from "../enums.ts";
import { Id, OptionalEmail, optionalText, requiredText } from "./fields.ts";
import { PropertyReference } from "./property-reference.ts";
import { message } from "../messages.ts";

/**
 * Managed user (spec section 3): a host's account at the tourist registration system. The spec
 * lists password and apiKey among its fields; they are write-only, so the response leaves them
 * out and only ExternalAccountRequest carries them.
 */
export const ExternalAccount = z
  .object({
    id: Id,
    username: z.string(),
    email: z.string().nullable(),
    type: ExternalAccountTypeSchema,
    status: ExternalAccountStatusSchema,
    /**
     * Why the last sync failed, null when it worked: invalid-credentials, locked-out, api-key,
     * forbidden, unavailable, firewall (as `firewall:<support ID>` when the block page named
     * one) or protocol (the site explains each in the host's language).
     */
    lastError: z.string().nullable(),
    lastSyncedAt: z.string().nullable(),
    properties: z.array(PropertyReference),
  })
  .meta({ id: "ExternalAccount" });
export type ExternalAccount = z.infer<typeof ExternalAccount>;

/**
 * The create dialog (username, password, email, api key). The password is the tourist system's,
 * not ours, so our password rules do not apply; the api key is only needed by eVisitor's test site.
 */
export const ExternalAccountRequest = z
  .object({
    username: requiredText("username", 100),
    password: requiredText("password", 128),
    email: OptionalEmail,
    apiKey: optionalText(200),
    type: ExternalAccountTypeSchema.exclude(["Unknown"]).default(ExternalAccountType.EVisitor),
  })
  .meta({ id: "ExternalAccountRequest" });
export type ExternalAccountRequest = z.infer<typeof ExternalAccountRequest>;
export type ExternalAccountRequestInput = z.input<typeof ExternalAccountRequest>;

/**
 * POST /ExternalAccounts/{id}/credentials: a new password and/or API key for a connected account
 * (eVisitor makes hosts change passwords). What is left out stays as stored; at least one.
 */
export const ExternalAccountCredentials = z
  .object({
    password: optionalText(128),
    apiKey: optionalText(200),
  })
  .refine((c) => !!c.password || !!c.apiKey, {
    message: message("evisitorNewCredentialsRequired"),
    path: ["password"],
  })
  .meta({ id: "ExternalAccountCredentials" });
export type ExternalAccountCredentials = z.infer<typeof ExternalAccountCredentials>;
