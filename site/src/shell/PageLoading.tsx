import { LOGO_MARKUP } from "../icons/logo.ts";
import type { Translate } from "../i18n/translate.ts";
import { Spinner } from "../ui/Spinner.tsx";

/**
 * "Učitavanje…" while the session is restored (spec section 2), drawn exactly like the static
 * fallback (components/app/AppLoading.astro) so nothing jumps when the island takes over.
 */
export function PageLoading({ t }: { t: Translate }) {
  return (
    <div className="flex min-h-dvh">
      <div className="hidden w-64 shrink-0 border-r border-border bg-surface desktop:block">
        <div
          className="m-3 flex items-center gap-2.5 px-2 py-1.5 text-lg font-bold"
          aria-hidden="true"
        >
          <svg
            className="size-8"
            viewBox="0 0 32 32"
            focusable="false"
            dangerouslySetInnerHTML={{ __html: LOGO_MARKUP }}
          />
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="h-16 border-b border-border bg-surface/90" />
        <div className="grid flex-1 place-items-center px-4 pb-16">
          <p role="status" className="flex items-center gap-3 text-lg font-semibold text-fg-muted">
            <Spinner className="size-6 text-primary" />
            {t("app.loading")}
          </p>
        </div>
      </div>
    </div>
  );
}
