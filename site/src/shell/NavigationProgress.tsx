import { useAtomValue } from "jotai";
import { isLoadingAtom } from "../lib/state/loading.ts";
import type { Translate } from "../i18n/translate.ts";
import { Spinner } from "../ui/Spinner.tsx";

/** Spec section 2: a loading text while the next page loads, announced politely. */
export function NavigationProgress({ t }: { t: Translate }) {
  const isLoading = useAtomValue(isLoadingAtom);

  return (
    <div aria-live="polite" className="flex items-center">
      {isLoading && (
        <>
          <span
            aria-hidden="true"
            className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary"
          />
          <span className="inline-flex items-center gap-2 rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold whitespace-nowrap text-primary-soft-fg">
            <Spinner />
            <span className="mobile:sr-only">{t("shell.loading")}</span>
          </span>
        </>
      )}
    </div>
  );
}
