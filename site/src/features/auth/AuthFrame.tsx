import type { ReactNode } from "react";
import type { TranslationKey } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { SkipLink } from "../../shell/SkipLink.tsx";
import { usePageMeta } from "../../shell/use-page-meta.ts";
import { Snackbars } from "../../shell/Snackbars.tsx";
import { PublicFooter } from "./PublicFooter.tsx";
import { PublicHeader } from "./PublicHeader.tsx";

interface AuthFrameProps {
  titleKey: TranslationKey;
  descriptionKey: TranslationKey;
  children: ReactNode;
}

/** The sign-in pages: public header and footer around one centred card, in the stored language. */
export function AuthFrame({ titleKey, descriptionKey, children }: AuthFrameProps) {
  const { t, lang } = useTranslation();
  usePageMeta(lang, t(titleKey), t(descriptionKey));

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink t={t} />
      <PublicHeader t={t} lang={lang} />
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 justify-center bg-[radial-gradient(ellipse_at_top,var(--color-primary-soft),transparent_60%)] px-4 py-10 focus:outline-none sm:py-16"
      >
        <div className="w-full max-w-md">{children}</div>
      </main>
      <PublicFooter t={t} lang={lang} />
      <Snackbars t={t} />
    </div>
  );
}
