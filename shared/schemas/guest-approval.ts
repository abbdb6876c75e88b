import { z } from "zod";
import { DateOnly } from "./fields.ts";

/**
 * The e-mailed "approve guests" link (issue 20; issue 30, N7): its token is the credential, and it
 * approves only the guests it names, whom its page lists before the tap.
 */
export const ApprovalToken = z
  .object({ token: z.string().min(1).max(100) })
  .meta({ id: "ApprovalToken" });
export type ApprovalToken = z.infer<typeof ApprovalToken>;

/** Guests of one stay the host chose, as listed to them (at most a full house). */
const GuestIds = z.array(z.string().min(1).max(64)).max(100);

/**
 * The link's tap: its token and, from its page, the guests it showed and the host kept (issue
 * 32); without `guestIds`, every named guest still waiting and not declined.
 */
export const ApprovalByLink = ApprovalToken
  .extend({ guestIds: GuestIds.optional() })
  .meta({ id: "ApprovalByLink" });
export type ApprovalByLink = z.infer<typeof ApprovalByLink>;

/** "Not my guest" on the link's page: the guest stays unregistered and is not approved by it. */
export const ApprovalDecline = ApprovalToken
  .extend({ guestId: z.string().min(1).max(64) })
  .meta({ id: "ApprovalDecline" });
export type ApprovalDecline = z.infer<typeof ApprovalDecline>;

/** The host's approval in the app: the held guests they see listed and chose (issue 32). */
export const GuestApproval = z
  .object({ guestIds: GuestIds.min(1) })
  .meta({ id: "GuestApproval" });
export type GuestApproval = z.infer<typeof GuestApproval>;

export const GuestsApproved = z
  .object({
    approved: z.number().int().meta({ description: "Guests approved now (0: none held)" }),
  })
  .meta({ id: "GuestsApproved" });
export type GuestsApproved = z.infer<typeof GuestsApproved>;

/** What the link's tap would approve: the stay, and the guests it names that still wait. */
export const ApprovalLinkPreview = z
  .object({
    accommodationUnitName: z.string(),
    startDate: DateOnly,
    endDate: DateOnly,
    /** The named guests still waiting for approval, in the order they came in; may be empty. */
    guests: z.array(z.object({
      id: z.string(),
      name: z.string(),
      surname: z.string(),
      /** The 3-letter country of the guest's document (their citizenship). */
      citizenship: z.string(),
      /** When the guest checked in at the door or by the link. */
      arrivedAt: z.iso.datetime(),
      /** The host said "not my guest" on this page: the tap leaves them out. */
      declined: z.boolean(),
    })),
  })
  .meta({ id: "ApprovalLinkPreview" });
export type ApprovalLinkPreview = z.infer<typeof ApprovalLinkPreview>;
