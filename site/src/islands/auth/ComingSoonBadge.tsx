import type { Translate } from "../../i18n/translate.ts";

/** Marks a page the spec flags as not yet implemented (terms, privacy), as the footer does. */
export function ComingSoonBadge({ t }: { t: Translate }) {
  return (
    <span className="ml-1 inline-block rounded-full bg-accent-soft px-2 py-0.5 align-[0.1em] text-xs font-semibold text-accent-soft-fg">
      {t("footer.comingSoon")}
    </span>
  );
}
