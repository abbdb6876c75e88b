import { and, asc, count, desc, eq, max, sql } from "drizzle-orm";
import { eurosOf, formatEuros } from "@shared/billing/money.ts";
import { STAY_TIME_ZONE } from "@shared/local-date.ts";
import { toPagedResult } from "@shared/schemas/paged.ts";
import type { Receipt } from "@shared/schemas/receipt.ts";
import type { DbOrTx } from "../../db/client.ts";
import { actorIdOf, actorOf, type ServiceContext } from "../../context.ts";
import { purchaseRequests, receipts } from "../../db/schema/billing.ts";
import { likeContaining } from "../../db/like-containing.ts";
import { ADMINISTRATOR, type AuthUser } from "../../auth/auth-user.ts";
import { AppError } from "../../errors.ts";
import { DEVELOPMENT_PAYEE, type Payee } from "./payee.ts";
import { renderPdf } from "../../platform/pdf.ts";
import { croatianDate, labelled } from "./pdf.ts";
import type { PurchaseRequestRow } from "./purchase-requests.ts";
import { buyerLinesOf, profileOf } from "../users/profile.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ReceiptSortField } from "@shared/schemas/list-query.ts";

type ReceiptRow = typeof receipts.$inferSelect;

/** Receipt numbers run without gaps within a (Zagreb) year: 2026-00001, 2026-00002, ... */
export const receiptNumberOf = (row: { year: number; sequence: number }) =>
  `${row.year}-${String(row.sequence).padStart(5, "0")}`;

const yearInZagreb = (date: Date) =>
  Number(
    new Intl.DateTimeFormat("en", { year: "numeric", timeZone: STAY_TIME_ZONE }).format(date),
  );

/** Issues the receipt of a paid request with the year's next number; inside its transaction. */
export async function issueReceipt(
  tx: DbOrTx,
  request: PurchaseRequestRow,
  { userEmail, periodStart, periodEnd, now }: {
    userEmail: string;
    periodStart: Date;
    periodEnd: Date;
    now: Date;
  },
): Promise<ReceiptRow> {
  const year = yearInZagreb(now);
  const buyer = buyerLinesOf(await profileOf(tx, request.userId));
  const [{ last }] = await tx.select({ last: max(receipts.sequence) }).from(receipts)
    .where(eq(receipts.year, year));
  const [row] = await tx.insert(receipts).values({
    id: crypto.randomUUID(),
    year,
    sequence: (last ?? 0) + 1,
    purchaseRequestId: request.id,
    userId: request.userId,
    userEmail,
    buyer,
    referenceCode: request.referenceCode,
    packageName: request.packageName,
    months: request.months,
    amountCents: request.finalCents,
    periodStart,
    periodEnd,
    createdAt: now,
  }).returning();
  return row;
}

export function toReceipt(row: ReceiptRow): Receipt {
  return {
    id: row.id,
    price: eurosOf(row.amountCents),
    created: row.createdAt.toISOString(),
    number: receiptNumberOf(row),
    purchaseRequestId: row.purchaseRequestId,
    packageName: row.packageName,
    subscriptionLength: row.months,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
  };
}

export const RECEIPT_SORTS = {
  created: receipts.createdAt,
  price: receipts.amountCents,
  number: receipts.sequence,
  packageName: receipts.packageName,
} satisfies Record<ReceiptSortField, SQLiteColumn>;
export type ReceiptSort = ReceiptSortField;

/** GET /Subscriptions/receipts: the caller's own receipts, searched by number or package. */
export async function listReceipts(
  ctx: ServiceContext,
  { pageNumber, pageSize, searchTerm, sortBy, sortDescending }: {
    pageNumber: number;
    pageSize: number;
    searchTerm?: string;
    sortBy: ReceiptSort;
    sortDescending: boolean;
  },
) {
  const { db } = ctx;
  const userId = actorIdOf(ctx);
  const pattern = searchTerm ? likeContaining(searchTerm.toLowerCase()) : undefined;
  const where = and(
    eq(receipts.userId, userId),
    pattern
      ? sql`(lower(${receipts.packageName}) like ${pattern} escape '\\' or (${receipts.year} || '-' || substr('00000' || ${receipts.sequence}, -5)) like ${pattern} escape '\\')`
      : undefined,
  );
  const column = RECEIPT_SORTS[sortBy];
  const [{ total }] = await db.select({ total: count() }).from(receipts).where(where);
  const rows = await db.select().from(receipts).where(where)
    .orderBy(
      sortDescending ? desc(column) : asc(column),
      desc(receipts.year),
      desc(receipts.sequence),
    )
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  return toPagedResult(rows.map(toReceipt), pageNumber, pageSize, total);
}

/** A receipt its owner or an administrator may download. */
export async function findVisibleReceipt(db: DbOrTx, user: AuthUser, id: string) {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  if (!row || (row.userId !== user.id && !user.roles.includes(ADMINISTRATOR))) {
    throw new AppError("NotFound", { detail: "The receipt was not found." });
  }
  return row;
}

/** The receipt as a one-page PDF (GET /Subscriptions/receipt/{id}). */
export async function receiptPdf(
  row: ReceiptRow,
  { payee, referenceCode }: { payee: Payee; referenceCode: string },
): Promise<Uint8Array> {
  const number = receiptNumberOf(row);
  const amount = formatEuros(row.amountCents, "hr");
  return await renderPdf({ title: `Račun ${number}`, author: payee.name }, (doc) => {
    doc.font("bold").fontSize(12).fillColor("#0f172a").text(payee.name);
    doc.font("regular").fontSize(10).fillColor("#475569").text(`${payee.street}, ${payee.city}`);
    if (payee.oib) doc.text(`OIB ${payee.oib}`);
    doc.text(`IBAN ${payee.iban}`);
    doc.moveDown(2);
    doc.font("bold").fontSize(20).fillColor("#0f172a").text(`Račun br. ${number}`);
    doc.font("regular").fontSize(10).fillColor("#475569").text(`Receipt no. ${number}`);
    doc.moveDown(1.2);
    labelled(doc, "Kupac / Customer", row.buyer ?? row.userEmail ?? "");
    labelled(doc, "Datum izdavanja / Issued", croatianDate(row.createdAt));
    labelled(doc, "Poziv na broj / Reference", referenceCode);
    labelled(doc, "Način plaćanja / Payment", "Bankovni prijenos / Bank transfer");
    doc.moveDown(1);
    labelled(doc, "Usluga / Service", `Prijavko ${row.packageName}, pretplata ${row.months} mj.`);
    labelled(
      doc,
      "Plaćeno razdoblje / Period paid",
      `${croatianDate(row.periodStart)} – ${croatianDate(row.periodEnd)}`,
    );
    if (croatianDate(row.periodStart) !== croatianDate(row.createdAt)) {
      // The paid months follow time the host already had: the rest of the same package, or the
      // rest of another package converted by value (docs/product.md, "Plans and billing").
      labelled(
        doc,
        "Do početka / Before it",
        `${croatianDate(row.createdAt)} – ${croatianDate(row.periodStart)}: ` +
          `${row.packageName}, preostalo vrijeme prethodne pretplate (preračunato po vrijednosti) / ` +
          `the time left of the previous plan (converted by value)`,
      );
    }
    doc.moveDown(0.5);
    doc.moveTo(56, doc.y).lineTo(536, doc.y).strokeColor("#cbd5e1").stroke();
    doc.moveDown(0.5);
    const y = doc.y;
    doc.font("bold").fontSize(13).fillColor("#0f172a").text("Ukupno / Total", 56, y);
    doc.text(amount, 336, y, { width: 200, align: "right" });
    doc.moveDown(2);
    doc.font("regular").fontSize(9).fillColor("#475569").text(
      "Plaćeno. Hvala vam! / Paid. Thank you!",
      56,
      doc.y,
      { width: 480 },
    );
  });
}

/** A receipt as a PDF for its owner or an administrator, with the name to save it under. */
export async function receiptDocument(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = await findVisibleReceipt(ctx.db, actorOf(ctx), id);
  const [request] = row.referenceCode || !row.purchaseRequestId
    ? []
    : await ctx.db.select({ referenceCode: purchaseRequests.referenceCode })
      .from(purchaseRequests).where(eq(purchaseRequests.id, row.purchaseRequestId));
  const bytes = await receiptPdf(row, {
    payee: ctx.config.payee ?? DEVELOPMENT_PAYEE,
    referenceCode: row.referenceCode ?? request?.referenceCode ?? "",
  });
  return { bytes, filename: `racun-${receiptNumberOf(row)}.pdf` };
}
