import { z } from "zod";
import { requiredEmail, requiredText } from "./fields.ts";

/** Contact message (spec section 3): what the public and in-app contact forms send. */
export const ContactMessage = z
  .object({
    firstName: requiredText("firstName", 100),
    lastName: requiredText("lastName", 100),
    email: requiredEmail("email"),
    message: requiredText("message", 5000),
    /** Spam trap: hidden from people, so anything in it came from a bot. */
    honeyPotEmail: z.string().max(254).optional().default(""),
  })
  .meta({ id: "ContactMessage" });
export type ContactMessage = z.infer<typeof ContactMessage>;
export type ContactMessageInput = z.input<typeof ContactMessage>;

export const ContactMessageAccepted = z
  .object({ message: z.literal("Message sent successfully.") })
  .meta({ id: "ContactMessageAccepted" });
