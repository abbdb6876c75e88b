import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { AccountList } from "./AccountList.tsx";

/** /app/povezani-racuni (spec section 2): the host's eVisitor accounts. */
export default function ExternalAccountsPage() {
  return (
    <AppFrame titleKey="nav.externalAccounts">
      <ExternalAccounts />
    </AppFrame>
  );
}

function ExternalAccounts() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t("nav.externalAccounts")}
      </h1>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("externalAccounts.intro")}</p>
      <AccountList />
    </div>
  );
}
