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
    guests: z.array(z.object({ name: z.string(), surname: z.string() })),
  })
  .meta({ id: "ApprovalLinkPreview" });
export type ApprovalLinkPreview = z.infer<typeof ApprovalLinkPreview>;
