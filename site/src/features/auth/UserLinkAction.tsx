import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { GoToLoginLink } from "./GoToLoginLink.tsx";
import { linkFailureText, pathParameters } from "./link-parameters.ts";
import { useLinkAction } from "./use-link-token-action.ts";

/** The userId and code of a link /app/…/{userId}/{code} sent to an account's address. */
export interface UserLink {
  userId: string;
  code: string;
}

interface UserLinkActionProps {
  /** The link's page, e.g. ROUTES.cancelDeletion; the userId and code follow it in the path. */
  route: string;
  run: (link: UserLink) => Promise<unknown>;
  texts: {
    heading: TranslationKey;
    intro: TranslationKey;
    submit: TranslationKey;
    doneTitle: TranslationKey;
    doneText: TranslationKey;
    failedTitle: TranslationKey;
  };
  /** The way on once done. */
  next: (t: Translate) => ReactNode;
}

/**
 * One single-use account link's page (cancel the account's deletion, undo an e-mail change):
 * asks first (mail scanners open links; the code works once), then does it and says so, or says
 * why the link did not work, with the way to sign in.
 */
export function UserLinkAction({ route, run, texts, next }: UserLinkActionProps) {
  const { t } = useTranslation();
  const { state, confirm } = useLinkAction(() => {
    const [userId, code] = pathParameters(route, 2) ?? [];
    return userId && code ? { userId, code } : undefined;
  }, run);

  if (state.status === "asking" || state.status === "working") {
    return (
      <AuthCard icon="shield" title={t(texts.heading)} intro={t(texts.intro)}>
        <Button className="w-full" busy={state.status === "working"} onClick={confirm}>
          {t(texts.submit)}
        </Button>
      </AuthCard>
    );
  }
  if (state.status === "done") {
    return (
      <div role="status">
        <AuthCard
          icon="shieldCheck"
          tone="success"
          title={t(texts.doneTitle)}
          intro={t(texts.doneText)}
        >
          {next(t)}
        </AuthCard>
      </div>
    );
  }
  return (
    <div role="alert">
      <AuthCard
        icon="mailX"
        tone="error"
        title={t(texts.failedTitle)}
        intro={linkFailureText(t, state.error)}
      >
        <GoToLoginLink t={t} />
      </AuthCard>
    </div>
  );
}
