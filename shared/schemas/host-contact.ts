import { z } from "zod";
import { message } from "../messages.ts";
import { OptionalEmail } from "./fields.ts";

/**
 * How guests reach their host (issue 20): shown on every state of the check-in page instead of
 * the product's own address. Each is optional; when the host gave none the page shows no contact.
 */
export const HostContact = z
  .object({
    phone: z.string().nullable(),
    /** A number in international form; the page links it as https://wa.me/<digits>. */
    whatsApp: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: "HostContact" });
export type HostContact = z.infer<typeof HostContact>;

const PHONE_SHAPE = /^\+?[0-9 ()/-]*$/;
const digitsOf = (value: string) => value.replace(/\D/g, "").length;

/** A phone number as people type it, 6 to 15 digits; "" counts as none. */
const ContactPhone = z
  .string()
  .trim()
  .max(30, { error: message("numberInvalid") })
  .refine((v) => v === "" || (PHONE_SHAPE.test(v) && digitsOf(v) >= 6 && digitsOf(v) <= 15), {
    error: message("numberInvalid"),
  })
  .optional();

/** WhatsApp needs the country code: +385 91 … or 00385 91 …. */
const ContactWhatsApp = ContactPhone.refine(
  (v) => !v || v.startsWith("+") || v.startsWith("00"),
  { error: message("numberInvalid") },
);

/** The contact fields of the property settings (PUT /Properties/Settings/{id}). */
export const hostContactSettingsShape = {
  guestContactPhone: ContactPhone,
  guestContactWhatsApp: ContactWhatsApp,
  guestContactEmail: OptionalEmail,
};

/** The contact as the API answers it: null when the host gave none at all. */
export function hostContactOf(row: {
  guestContactPhone: string | null;
  guestContactWhatsApp: string | null;
  guestContactEmail: string | null;
}): HostContact | null {
  const contact = {
    phone: row.guestContactPhone || null,
    whatsApp: row.guestContactWhatsApp || null,
    email: row.guestContactEmail || null,
  };
  return contact.phone || contact.whatsApp || contact.email ? contact : null;
}
