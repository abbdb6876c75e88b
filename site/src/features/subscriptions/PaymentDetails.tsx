import type { PaymentInstructions } from "@shared/schemas/payment-instructions.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { eurosText } from "../../lib/billing/money.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { Icon } from "../../ui/Icon.tsx";

/** An IBAN in groups of four, as printed on slips and typed into banking apps. */
const spacedIban = (iban: string) => iban.replace(/(.{4})/g, "$1 ").trim();

/**
 * The payment's details as a Croatian payment slip (uplatnica) asks for them: payee, IBAN,
 * amount, model, reference ("poziv na broj"), purpose code and description; IBAN, amount and
 * reference can be copied for typing into a banking app.
 */
export function PaymentDetails(
  { t, lang, payment }: { t: Translate; lang: Locale; payment: PaymentInstructions },
) {
  const { recipient } = payment;
  const amount = eurosText(payment.amount, lang);
  return (
    <section
      aria-labelledby="payment-details"
      className="rounded-3xl border border-border bg-surface p-5 shadow-xs sm:p-6"
    >
      <h2 id="payment-details" className="text-lg font-bold">{t("payment.details")}</h2>
      <dl className="mt-4 divide-y divide-border">
        <Detail label={t("payment.recipient")}>
          <span className="block font-semibold">{recipient.name}</span>
          <span className="block text-fg-muted">{recipient.street}, {recipient.city}</span>
        </Detail>
        <Detail
          label={t("payment.iban")}
          copy={{ t, value: recipient.iban, label: t("payment.copyIban") }}
        >
          <span className="text-lg font-semibold tracking-wide tabular-nums">
            {spacedIban(recipient.iban)}
          </span>
        </Detail>
        <Detail
          label={t("payment.amount")}
          copy={{ t, value: amountForTyping(payment.amountCents), label: t("payment.copyAmount") }}
        >
          <span className="text-lg font-bold tabular-nums">{amount}</span>
        </Detail>
        <Detail
          label={t("payment.modelAndReference")}
          copy={payment.reference
            ? { t, value: payment.reference, label: t("payment.copyReference") }
            : undefined}
        >
          <span className="text-lg font-semibold tracking-wide tabular-nums">
            {payment.model} {payment.reference}
          </span>
        </Detail>
        <Detail label={t("payment.purposeCode")}>
          <span className="font-semibold tracking-wide">{payment.purposeCode}</span>
        </Detail>
        <Detail label={t("payment.description")}>{payment.description}</Detail>
      </dl>
    </section>
  );
}

/** An amount as banking apps take it typed: "95,04" (comma decimals, no grouping). */
function amountForTyping(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

function Detail(
  { label, children, copy }: {
    label: string;
    children: React.ReactNode;
    copy?: { t: Translate; value: string; label: string };
  },
) {
  return (
    // dt and dd straight inside the group, as a description list allows (axe dlitem); the copy
    // button goes with the value it copies.
    <div className="py-3 first:pt-0 last:pb-0">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="mt-0.5 flex min-w-0 items-center gap-3">
        <div className="min-w-0 flex-1">{children}</div>
        {copy && <CopyButton {...copy} />}
      </dd>
    </div>
  );
}

function CopyButton({ t, value, label }: { t: Translate; value: string; label: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notify(t("payment.copied"), { color: "success" });
    } catch {
      notify(t("payment.copyFailed"), { color: "error" });
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      title={label}
      aria-label={label}
      className="grid size-11 shrink-0 place-items-center rounded-xl text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg"
    >
      <Icon name="copy" className="size-5" />
    </button>
  );
}
