import { formatEuros } from "@shared/billing/money.ts";

/** The part of GET /api/Subscriptions the landing page's pricing reads. */
interface LivePackage {
  id: string;
  basePrice: number;
  availablePeriods: { length: number; price: number; discountPercent: number }[];
}

const cents = (euros: number) => Math.round(euros * 100);

/**
 * Replaces the pricing section's built-in prices (the seeded packages) with those in force: the
 * monthly price, and the best period's price and discount where the period is the same length.
 * A package no longer on sale disappears. When the call fails, the built-in prices stay.
 */
export async function showLivePrices(): Promise<void> {
  const section = document.querySelector<HTMLElement>("[data-live-prices]");
  if (!section) return;
  const lang = section.dataset.livePrices === "en" ? "en" : "hr";
  let packages: LivePackage[];
  try {
    const answer = await fetch("/api/Subscriptions", { headers: { Accept: "application/json" } });
    if (!answer.ok) return;
    packages = await answer.json();
    if (!Array.isArray(packages)) return;
  } catch {
    return;
  }
  for (const card of section.querySelectorAll<HTMLElement>("[data-package]")) {
    const pkg = packages.find((item) => item.id === card.dataset.package);
    if (!pkg) {
      card.hidden = true;
      continue;
    }
    const base = card.querySelector('[data-field="base"]');
    if (base) base.textContent = formatEuros(cents(pkg.basePrice), lang);
    const best = card.querySelector<HTMLElement>('[data-field="best"]');
    const period = pkg.availablePeriods.find((p) => p.length === Number(best?.dataset.months));
    const line = card.querySelector<HTMLElement>('[data-field="best-line"]');
    if (!best || !line) continue;
    if (!period || period.discountPercent <= 0) {
      line.hidden = true;
      continue;
    }
    best.textContent = formatEuros(cents(period.price), lang);
    const discount = card.querySelector('[data-field="discount"]');
    if (discount) discount.textContent = String(period.discountPercent);
  }
}
