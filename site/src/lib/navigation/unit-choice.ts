/**
 * The property and unit a page shows, from its address (`?propertyId=<id>&unit=<unit code>`), so a
 * property card can link to its reservations or calendar and a reload keeps the choice. Empty
 * means all.
 */
export interface UnitChoice {
  propertyId: string;
  unitCode: string;
}

export function readUnitChoice(): UnitChoice {
  const query = new URLSearchParams(location.search);
  return { propertyId: query.get("propertyId") ?? "", unitCode: query.get("unit") ?? "" };
}

/** Writes the choice into the address without a new history entry. */
export function writeUnitChoice(choice: UnitChoice): void {
  const url = new URL(location.href);
  for (const [name, value] of [["propertyId", choice.propertyId], ["unit", choice.unitCode]]) {
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}
