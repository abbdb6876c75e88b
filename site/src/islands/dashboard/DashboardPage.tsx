import { useAtomValue } from "jotai";
import { accountAtom } from "../../lib/session/session-state.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../app/AppFrame.tsx";
import { Icon } from "../ui/Icon.tsx";
import { GettingStarted } from "./GettingStarted.tsx";

/** /app/kontrolna-ploca (spec section 2): the host's start page. */
export default function DashboardPage() {
  return (
    <AppFrame titleKey="nav.dashboard">
      <Dashboard />
    </AppFrame>
  );
}

/**
 * The greeting and the getting-started steps. The statistics widgets and charts of the spec come
 * with reservations and guests in a later issue; until then the page says so instead of faking.
 */
function Dashboard() {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
        {t("dashboard.welcome", { email: account?.email ?? "" })}
      </h1>
      <p className="mt-2 text-lg text-fg-muted">{t("dashboard.intro")}</p>
      <GettingStarted t={t} />
      <p className="mt-8 flex items-start gap-2 text-sm text-fg-muted">
        <Icon name="info" className="mt-px size-4 shrink-0" />
        {t("dashboard.statisticsSoon")}
      </p>
    </div>
  );
}
