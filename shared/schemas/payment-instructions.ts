import { z } from "zod";
import { PurchaseRequestStatusSchema } from "../enums.ts";
import { Id, Money } from "./fields.ts";
import { PurchasePreview } from "./purchase-request.ts";

/**
 * How to pay a purchase request by bank transfer (the payment page and the payment slip): the
 * payee, the amount, model and reference, description, and the HUB3 barcode a banking app scans.
 */
export const PaymentInstructions = z
  .object({
    purchaseRequestId: Id,
    status: PurchaseRequestStatusSchema,
    purchaseName: z.string(),
    /** The package's name alone ("Pro"), for pages that name the purchase in their language. */
    packageName: z.string(),
    referenceCode: z.string(),
    recipient: z.object({
      name: z.string(),
      /** Street and number. */
      street: z.string(),
      /** Postcode and place. */
      city: z.string(),
      iban: z.string(),
    }),
    currency: z.literal("EUR"),
    /** Euros, two decimals. */
    amount: Money,
    amountCents: z.number().int().nonnegative(),
    /** "HR00" (with `reference`) or "HR99" (no reference: the code is in the description). */
    model: z.string(),
    reference: z.string(),
    purposeCode: z.string(),
    description: z.string(),
    /** The HUB3 barcode's text (fields separated by "\n"). */
    hub3Payload: z.string(),
    /** The PDF417 barcode as a PNG data URL ("data:image/png;base64,..."), for an <img>. */
    barcodePng: z.string(),
    /** The same barcode as an SVG document, for crisp printing. */
    barcodeSvg: z.string(),
    /** Where the one-page payment slip PDF is (needs the same bearer token). */
    paymentSlipUrl: z.string(),
    /** The package, period and price breakdown the host ordered (as createPurchaseRequest gave). */
    preview: PurchasePreview,
    /** The package ordered, for the way back to its page. */
    packageId: Id,
  })
  .meta({ id: "PaymentInstructions" });
export type PaymentInstructions = z.infer<typeof PaymentInstructions>;
