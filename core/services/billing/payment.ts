import { buildHub3Payload, fitHub3Text, HUB3_LIMITS } from "@shared/billing/hub3-payload.ts";
import { eurosOf, formatEuros } from "@shared/billing/money.ts";
import type { PaymentInstructions } from "@shared/schemas/payment-instructions.ts";
import type { PurchasePeriod } from "@shared/schemas/purchase-request.ts";
import { encodeBase64 } from "../../platform/crypto/base64.ts";
import { pdf417Png, pdf417Svg } from "./barcode.ts";
import { DEVELOPMENT_PAYEE, type Payee, paymentDescriptionOf } from "./payee.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { profileOf } from "../users/profile.ts";
import { renderPdf } from "../../platform/pdf.ts";
import { croatianDate, labelled } from "./pdf.ts";
import {
  findVisiblePurchaseRequest,
  purchaseNameOf,
  type PurchaseRequestRow,
  resultingPeriodOf,
  toPreview,
} from "./purchase-requests.ts";

/** The path of a request's payment slip PDF. */
export const paymentSlipPath = (id: string) =>
  `/api/Subscriptions/purchase-requests/${id}/payment-slip.pdf`;

/** Who pays, as the slip and the barcode name them: from the host's profile, when filled in. */
export interface Payer {
  name?: string;
  street?: string;
  city?: string;
}

/** The payer of a host's request from their profile (company first, then the person's name). */
export async function payerOf(db: DbOrTx, userId: string): Promise<Payer> {
  const profile = await profileOf(db, userId);
  const city = [profile.postalCode, profile.city].filter(Boolean).join(" ");
  return {
    name: fitHub3Text(profile.companyName || profile.fullName || "", HUB3_LIMITS.payerName) ||
      undefined,
    street: fitHub3Text(profile.street ?? "", HUB3_LIMITS.payerStreet) || undefined,
    city: fitHub3Text(city, HUB3_LIMITS.payerCity) || undefined,
  };
}

/** Everything needed to pay a request by bank transfer, with the HUB3 barcode's text. */
export function paymentOf(row: PurchaseRequestRow, payee: Payee, payer: Payer = {}) {
  const reference = payee.model === "HR99" ? "" : row.referenceCode;
  const description = paymentDescriptionOf(row, payee);
  const hub3Payload = buildHub3Payload({
    amountCents: row.finalCents,
    payer,
    payee: { name: payee.name, street: payee.street, city: payee.city },
    iban: payee.iban,
    model: payee.model,
    reference,
    purposeCode: payee.purposeCode,
    description,
  });
  return { reference, description, hub3Payload };
}

/** GET /Subscriptions/purchase-requests/{id}/payment. */
export async function paymentInstructions(
  row: PurchaseRequestRow,
  payee: Payee,
  resultingPeriod: PurchasePeriod | null,
  payer: Payer = {},
): Promise<PaymentInstructions> {
  const { reference, description, hub3Payload } = paymentOf(row, payee, payer);
  return {
    purchaseRequestId: row.id,
    status: row.status as PaymentInstructions["status"],
    purchaseName: purchaseNameOf(row),
    packageName: row.packageName,
    referenceCode: row.referenceCode,
    recipient: { name: payee.name, street: payee.street, city: payee.city, iban: payee.iban },
    currency: "EUR",
    amount: eurosOf(row.finalCents),
    amountCents: row.finalCents,
    model: payee.model,
    reference,
    purposeCode: payee.purposeCode,
    description,
    hub3Payload,
    barcodePng: `data:image/png;base64,${encodeBase64(await pdf417Png(hub3Payload))}`,
    barcodeSvg: pdf417Svg(hub3Payload),
    paymentSlipUrl: paymentSlipPath(row.id),
    preview: toPreview(row, resultingPeriod),
    packageId: row.packageId,
  };
}

/** An IBAN in groups of four, as it is printed. */
const spacedIban = (iban: string) => iban.replace(/(.{4})/g, "$1 ").trim();

/** A one-page PDF: the payment's details and the barcode to scan with a banking app. */
export async function paymentSlipPdf(
  row: PurchaseRequestRow,
  payee: Payee,
  now: Date,
  payer: Payer = {},
): Promise<Uint8Array> {
  const { reference, description, hub3Payload } = paymentOf(row, payee, payer);
  const barcode = await pdf417Png(hub3Payload, 4);
  return await renderPdf({ title: `Uplatnica ${row.referenceCode}`, author: payee.name }, (doc) => {
    doc.font("bold").fontSize(20).fillColor("#0f172a").text("Uplatnica / Payment slip");
    doc.font("regular").fontSize(11).fillColor("#475569")
      .text(`${purchaseNameOf(row)} · ${croatianDate(now)}`);
    doc.moveDown(1.2);
    if (payer.name) {
      labelled(
        doc,
        "Platitelj / Payer",
        [payer.name, payer.street, payer.city].filter(Boolean).join(", "),
      );
    }
    labelled(doc, "Primatelj / Payee", payee.name);
    labelled(doc, "Adresa / Address", `${payee.street}, ${payee.city}`);
    labelled(doc, "IBAN primatelja / IBAN", spacedIban(payee.iban));
    labelled(doc, "Iznos / Amount", formatEuros(row.finalCents, "hr"));
    labelled(doc, "Model", payee.model);
    labelled(doc, "Poziv na broj / Reference", reference || "–");
    labelled(doc, "Šifra namjene / Purpose", payee.purposeCode);
    labelled(doc, "Opis plaćanja / Description", description);
    doc.moveDown(1);
    doc.font("regular").fontSize(10).fillColor("#0f172a").text(
      "Skenirajte 2D kod u aplikaciji svoje banke ili prepišite podatke na nalog za plaćanje. " +
        "Pretplata se aktivira kad uplata stigne; o tome ćete dobiti e-poruku i račun.",
      56,
      doc.y,
      { width: 480 },
    );
    doc.fontSize(9).fillColor("#475569").text(
      "Scan the 2D code with your banking app, or copy the details into a transfer. The " +
        "subscription starts once the payment arrives; you will get an e-mail and a receipt.",
      { width: 480 },
    );
    doc.moveDown(1);
    doc.image(barcode as unknown as Buffer, 56, doc.y, { width: 300 });
  });
}

const payeeOf = (ctx: ServiceContext) => ctx.config.payee ?? DEVELOPMENT_PAYEE;

/** How to pay one of the caller's requests (any request, for an administrator). */
export async function purchaseRequestPayment(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<PaymentInstructions> {
  const row = await findVisiblePurchaseRequest(ctx.db, actorOf(ctx), id);
  const resultingPeriod = await resultingPeriodOf(ctx.db, row, ctx.now);
  return await paymentInstructions(
    row,
    payeeOf(ctx),
    resultingPeriod,
    await payerOf(ctx.db, row.userId),
  );
}

/** The payment of a request as a PDF slip, with the name to save it under. */
export async function purchaseRequestSlip(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = await findVisiblePurchaseRequest(ctx.db, actorOf(ctx), id);
  const bytes = await paymentSlipPdf(row, payeeOf(ctx), ctx.now, await payerOf(ctx.db, row.userId));
  return { bytes, filename: `uplatnica-${row.referenceCode}.pdf` };
}
