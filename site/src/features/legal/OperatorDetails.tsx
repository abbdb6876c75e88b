import { useEffect, useState } from "react";
import type { LegalOperator } from "@shared/schemas/legal-operator.ts";
import { getLegalOperator } from "../../lib/api/legal.ts";
import type { Locale } from "../../i18n/locales.ts";
import { translator } from "../../i18n/translate.ts";

/**
 * The box's words in a language the site's catalogues lack (the guests' privacy summary in a
 * check-in language: site/src/pages/[lang]/privatnost-gosta.astro).
 */
export interface OperatorLabels {
  operatorLoading: string;
  operatorFailed: string;
  oib: string;
  email: string;
}

/**
 * Who runs the service, as the legal pages name them: the company, OIB, address and e-mail come
 * from the API's configuration (the payee settings and SUPPORT_EMAIL), never from the built page.
 */
export default function OperatorDetails(
  { lang, labels }: { lang: Locale; labels?: OperatorLabels },
) {
  const site = translator(lang);
  const t = (key: keyof OperatorLabels) => labels?.[key] ?? site(`legal.${key}`);
  const [operator, setOperator] = useState<LegalOperator | "failed">();

  useEffect(() => {
    const controller = new AbortController();
    getLegalOperator(controller.signal)
      .then(setOperator)
      .catch(() => !controller.signal.aborted && setOperator("failed"));
    return () => controller.abort();
  }, []);

  if (operator === undefined) {
    return <p className="text-fg-muted" role="status">{t("operatorLoading")}</p>;
  }
  if (operator === "failed") return <p role="alert">{t("operatorFailed")}</p>;
  return (
    <address className="not-italic" data-testid="legal-operator">
      <strong className="font-semibold text-fg">{operator.name}</strong>
      <br />
      {operator.street}, {operator.city}
      {operator.oib && (
        <>
          <br />
          {t("oib")}: {operator.oib}
        </>
      )}
      <br />
      {t("email")}:{" "}
      <a href={`mailto:${operator.email}`} className="font-semibold text-primary underline">
        {operator.email}
      </a>
    </address>
  );
}
