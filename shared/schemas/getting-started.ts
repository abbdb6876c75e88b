import { z } from "zod";

/**
 * The dashboard's first steps (issue 32 item 6): which of the three are done, kept until all are
 * or the host hides them (GET /Users/manage/gettingStarted).
 */
export const GettingStarted = z
  .object({
    /** An eVisitor account is connected (its properties come with it). */
    eVisitorConnected: z.boolean(),
    /** At least one unit has a platform's calendar link. */
    calendarLinked: z.boolean(),
    /** A unit's QR sheet was printed or its QR code downloaded. */
    qrPrinted: z.boolean(),
    /** The host hid the steps before doing them all. */
    hidden: z.boolean(),
    /**
     * Whether the steps concern the caller: not for a team member who has no account of their
     * own to set up (only properties shared with them).
     */
    applies: z.boolean(),
  })
  .meta({ id: "GettingStarted" });
export type GettingStarted = z.infer<typeof GettingStarted>;

/** PUT /Users/manage/gettingStarted: hide the steps, or show them again. */
export const GettingStartedUpdate = z
  .object({ hidden: z.boolean() })
  .meta({ id: "GettingStartedUpdate" });
export type GettingStartedUpdate = z.infer<typeof GettingStartedUpdate>;

/** Whether every step is done: then the steps are not shown, hidden or not. */
export const gettingStartedDone = (state: GettingStarted) =>
  state.eVisitorConnected && state.calendarLinked && state.qrPrinted;
