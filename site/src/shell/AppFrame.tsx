import { type ReactNode, useState } from "react";
import { useAtomValue } from "jotai";
import { ROUTES } from "../lib/navigation/routes.ts";
import { navigateTo } from "../lib/navigation/follow-link.ts";
import { endImpersonation } from "../lib/session/impersonation.ts";
import { isAdministratorAtom, sessionAtom } from "../lib/session/session-state.ts";
import { signOut } from "../lib/session/sign-out.ts";
import { notify, notifyOnNextPage } from "../lib/state/snackbars.ts";
import type { Translate, TranslationKey } from "../i18n/translate.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { describeApiError } from "../i18n/server-messages.ts";
import { Sidebar } from "./Sidebar.tsx";
import { Snackbars } from "./Snackbars.tsx";
import { TopBar } from "./TopBar.tsx";
import { Button } from "../ui/Button.tsx";
import { Icon } from "../ui/Icon.tsx";
import { PageLoading } from "./PageLoading.tsx";
import { SkipLink } from "./SkipLink.tsx";
import { usePageMeta } from "./use-page-meta.ts";
import { InstallHint } from "./InstallHint.tsx";
import { useSessionGate } from "./use-session-gate.ts";

interface AppFrameProps {
  /** The page's name: document title and top bar. */
  titleKey: TranslationKey;
  children: ReactNode;
}

/**
 * Every page of the host and admin areas (/app/*, /admin/*) renders inside this frame: it restores
 * the session first (nothing of the page shows before), then the dashboard shell of spec section
 * 2 (sidebar, top bar with profile menu and notifications, snackbars) around the page. A printed
 * page leaves the shell out (e.g. the QR sheet of a unit).
 */
export function AppFrame({ titleKey, children }: AppFrameProps) {
  const { t, lang } = useTranslation();
  const title = t(titleKey);
  const { gate, retry } = useSessionGate();
  const session = useAtomValue(sessionAtom);
  const isAdministrator = useAtomValue(isAdministratorAtom);
  const [isEndingImpersonation, setEndingImpersonation] = useState(false);
  usePageMeta(lang, title);

  if (gate === "failed") return <SessionUnavailable t={t} onRetry={retry} />;
  if (gate === "loading" || session.status !== "signedIn") return <PageLoading t={t} />;

  async function handleEndImpersonation() {
    setEndingImpersonation(true);
    try {
      await endImpersonation();
      notifyOnNextPage(t("impersonation.ended"), { color: "success" });
      navigateTo(ROUTES.adminUsers);
    } catch (error) {
      setEndingImpersonation(false);
      notify(describeApiError(t, error), { color: "error" });
    }
  }

  return (
    <>
      <SkipLink t={t} />
      <div className="flex min-h-dvh">
        <Sidebar t={t} currentPath={location.pathname} isAdministrator={isAdministrator} />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar
            t={t}
            title={title}
            account={session.account}
            isImpersonating={session.isImpersonating}
            isEndingImpersonation={isEndingImpersonation}
            onSignOut={signOut}
            onEndImpersonation={handleEndImpersonation}
          />
          <main
            id="main"
            tabIndex={-1}
            className="flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-10 print:p-0"
          >
            <InstallHint t={t} />
            {children}
          </main>
        </div>
      </div>
      <Snackbars t={t} />
    </>
  );
}

function SessionUnavailable({ t, onRetry }: { t: Translate; onRetry: () => void }) {
  return (
    <div className="grid min-h-dvh place-items-center px-4">
      <div role="alert" className="max-w-md text-center">
        <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-error-soft text-error-soft-fg">
          <Icon name="alertCircle" className="size-6" />
        </span>
        <h1 className="mt-4 text-xl font-bold">{t("app.unavailableTitle")}</h1>
        <p className="mt-2 text-fg-muted">{t("app.unavailableText")}</p>
        <Button className="mt-6" onClick={onRetry}>
          <Icon name="sync" className="size-5" />
          {t("app.retry")}
        </Button>
      </div>
    </div>
  );
}
