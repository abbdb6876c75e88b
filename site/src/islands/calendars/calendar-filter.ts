/**
 * The property and unit the calendars page shows (`?propertyId=<id>&unit=<unit code>`), so a
 * property card can link to its calendar and a reload keeps the choice. Empty means all.
 */
export interface CalendarFilter {
  propertyId: string;
  unitCode: string;
}

export function readCalendarFilter(): CalendarFilter {
  const query = new URLSearchParams(location.search);
  return { propertyId: query.get("propertyId") ?? "", unitCode: query.get("unit") ?? "" };
}

/** Writes the choice into the address without a new history entry. */
export function writeCalendarFilter(filter: CalendarFilter): void {
  const url = new URL(location.href);
  for (const [name, value] of [["propertyId", filter.propertyId], ["unit", filter.unitCode]]) {
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}
