import type { Translate } from "../../i18n/translate.ts";
import { sourceNameOf, STAY_SOURCES } from "./stay-sources.ts";

/** What the colours mean; each event also names its source in words. */
export function StayLegend({ t }: { t: Translate }) {
  return (
    <ul
      aria-label={t("calendars.legend")}
      className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-fg-muted"
    >
      {STAY_SOURCES.map((source) => (
        <li key={source} className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-sm"
            style={{ backgroundColor: `var(--stay-${source})` }}
          />
          {sourceNameOf(t, source)}
        </li>
      ))}
      <li className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className="stay-block size-3 rounded-sm" />
        {t("calendars.blocked")}
      </li>
    </ul>
  );
}
