import { z } from "zod";
import { formatMessage, MESSAGES } from "../messages.ts";

const required = (field: string) => formatMessage(MESSAGES.fieldRequired, { field });

/** Trimmed text that must not be empty; `max` guards storage and mail size. */
function requiredText(field: string, max: number) {
  return z
    .string({ error: required(field) })
    .trim()
    .min(1, { error: required(field) })
    .max(max, { error: formatMessage(MESSAGES.lengthMax, { max }) });
}

/** Contact message (spec section 3): what the public and in-app contact forms send. */
export const ContactMessage = z
  .object({
    firstName: requiredText("First name", 100),
    lastName: requiredText("Last name", 100),
    email: z
      .string({ error: required("Email") })
      .trim()
      .min(1, { error: required("Email") })
      .max(254, { error: formatMessage(MESSAGES.lengthMax, { max: 254 }) })
      .pipe(z.email({ error: MESSAGES.email })),
    message: requiredText("Message", 5000),
    /** Spam trap: hidden from people, so anything in it came from a bot. */
    honeyPotEmail: z.string().max(254).optional().default(""),
  })
  .meta({ id: "ContactMessage" });
export type ContactMessage = z.infer<typeof ContactMessage>;
export type ContactMessageInput = z.input<typeof ContactMessage>;

export const ContactMessageAccepted = z
  .object({ message: z.literal("Message sent successfully.") })
  .meta({ id: "ContactMessageAccepted" });
