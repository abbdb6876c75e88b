import type { LegalOperator } from "@shared/schemas/legal-operator.ts";
import type { ServiceContext } from "../../context.ts";
import { DEFAULT_SUPPORT_EMAIL } from "../../platform/config.ts";
import { DEVELOPMENT_PAYEE } from "../billing/payee.ts";

/** The operator the legal pages name: the configured payee company and support's address. */
export function legalOperator(ctx: ServiceContext): LegalOperator {
  const payee = ctx.config.payee ?? DEVELOPMENT_PAYEE;
  return {
    name: payee.name,
    street: payee.street,
    city: payee.city,
    oib: payee.oib ?? null,
    email: ctx.config.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
  };
}
