import { useRef, useState } from "react";
import { isProofLanguage, type ProofLanguage } from "../../lib/api/guests.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { printFrame, ProofFrame } from "./ProofFrame.tsx";
import { ProofLanguageSwitch } from "./ProofLanguageSwitch.tsx";
import { useProof } from "./use-proof.ts";

/**
 * /app/gosti/potvrda?guest=<externalId>&lang=<hr|en|de|it>: one guest's proof of residence as a
 * page of its own (the API's proofOfResidenceUrl points here). It opens the print dialog once the
 * proof has loaded; printing leaves the app's shell and this page's tools out.
 */
export default function ProofPrintPage() {
  return (
    <AppFrame titleKey="guests.proof.title">
      <ProofPrint />
    </AppFrame>
  );
}

function ProofPrint() {
  const { t, lang } = useTranslation();
  const query = new URLSearchParams(location.search);
  const externalId = query.get("guest")?.trim() || undefined;
  const asked = query.get("lang");
  const [language, setLanguage] = useState<ProofLanguage>(
    isProofLanguage(asked) ? asked : isProofLanguage(lang) ? lang : "hr",
  );
  const { load, retry } = useProof(externalId, language);
  const frame = useRef<HTMLIFrameElement>(null);
  const printedOnce = useRef(false);
  const shown = load.status === "loaded" ? load : load.status === "loading" ? load.previous : null;

  function chooseLanguage(next: ProofLanguage) {
    setLanguage(next);
    const url = new URL(location.href);
    url.searchParams.set("lang", next);
    history.replaceState(history.state, "", url);
  }

  function print() {
    if (!printFrame(frame.current)) notify(t("guests.proof.printFailed"), { color: "error" });
  }

  /** The frame as tall as the proof, and the print dialog the first time it is there. */
  function fitted() {
    const element = frame.current;
    const height = element?.contentDocument?.documentElement.scrollHeight;
    if (element && height) element.style.height = `${height + 8}px`;
    if (!printedOnce.current && load.status === "loaded") {
      printedOnce.current = true;
      print();
    }
  }

  return (
    <div className="mx-auto max-w-3xl">
      <div className="space-y-5 print:hidden">
        <a
          href={ROUTES.guests}
          onClick={markNavigation}
          className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-primary underline-offset-4 hover:underline mobile:min-h-11"
        >
          <Icon name="arrowLeft" className="size-4" />
          {t("guests.proof.back")}
        </a>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("guests.proof.title")}
        </h1>
        {externalId && (
          <div className="flex flex-wrap items-end justify-between gap-4">
            <ProofLanguageSwitch t={t} value={language} onChange={chooseLanguage} />
            <Button onClick={print} disabled={load.status !== "loaded"}>
              <Icon name="printer" className="size-5" />
              {t("guests.proof.print")}
            </Button>
          </div>
        )}
        {externalId && <FormNotice tone="warning">{t("guests.proof.confidential")}</FormNotice>}
      </div>

      <div className="mt-5 print:mt-0">
        {!externalId && <FormNotice tone="error">{t("guests.proof.missingGuest")}</FormNotice>}
        {externalId && load.status === "failed" && (
          <LoadFailedNotice t={t} error={load.error} onRetry={retry} />
        )}
        {externalId && !shown && load.status === "loading" && <LoadingState t={t} />}
        {shown && (
          <ProofFrame
            ref={frame}
            html={shown.html}
            title={t("guests.proof.title")}
            className="min-h-[32rem] print:border-0"
            onLoad={fitted}
          />
        )}
      </div>
    </div>
  );
}
