import type { EventInput } from "@fullcalendar/react";
import type { Reservation } from "@shared/schemas/reservation.ts";
import type { Translate } from "../../i18n/translate.ts";
import { isBlock, sourceLabelOf, stayTypeOf } from "./stay-sources.ts";

/** What each calendar event carries besides its dates and title. */
export interface StayEventProps {
  stay: Reservation;
  unitName: string;
  source: string;
}

/**
 * A stay as an all-day event from check-in to check-out. FullCalendar's end is exclusive, as the
 * stay's [start, end) is, so the bar ends on the last night and the check-out day stays free for
 * the next arrival. The title names the unit and the source (or "blocked"), so colour is never
 * the only cue.
 */
export function stayEventOf(t: Translate, stay: Reservation): EventInput {
  const unitName = stay.accommodationUnit?.name ?? t("calendars.unknownUnit");
  const source = sourceLabelOf(t, stay);
  const block = isBlock(stay);
  const type = stayTypeOf(stay);
  const extendedProps: StayEventProps = { stay, unitName, source };
  return {
    id: stay.code,
    start: stay.startDate,
    end: stay.endDate,
    allDay: true,
    title: block
      ? `${t("calendars.blocked")} · ${unitName} (${source})`
      : `${unitName} · ${source}`,
    color: block ? "var(--stay-block)" : `var(--stay-${type})`,
    contrastColor: block ? "var(--stay-block-fg)" : "var(--stay-on)",
    className: block ? "stay stay-block" : `stay stay-solid stay-${type}`,
    extendedProps,
  };
}
