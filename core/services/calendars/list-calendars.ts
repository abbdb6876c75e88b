import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { platformOfLink } from "@shared/calendar-platform.ts";
import type { CalendarFeedError } from "@shared/calendar-feed-errors.ts";
import type { CalendarFeed, CalendarSyncRun, UnitCalendar } from "@shared/schemas/calendar.ts";
import { toPagedResult } from "@shared/schemas/paged.ts";
import type { Database } from "../../db/client.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { calendarFeeds, calendarSyncRuns } from "../../db/schema/calendar-feeds.ts";
import { properties } from "../../db/schema/properties.ts";
import { propertyScopeWhere, roleMay, sharedPropertiesOf } from "../access/property-access.ts";
import { exportUrlOf } from "./export-link.ts";

type FeedRow = typeof calendarFeeds.$inferSelect;
type RunRow = typeof calendarSyncRuns.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toRun(run: RunRow): CalendarSyncRun {
  return {
    finishedAt: run.finishedAt.toISOString(),
    added: run.added,
    updated: run.updated,
    removed: run.removed,
    conflicts: (run.conflicts as Omit<CalendarSyncRun["conflicts"][number], "registered">[])
      .map((c) => ({ ...c, registered: "registered" in c && c.registered === true })),
    error: run.error as CalendarFeedError | null,
  };
}

function toFeed(feed: FeedRow, lastRun: RunRow | undefined): CalendarFeed {
  return {
    id: feed.id,
    url: feed.url,
    platform: platformOfLink(feed.url),
    lastFetchAt: iso(feed.lastFetchAt),
    lastSuccessAt: iso(feed.lastSuccessAt),
    lastStatus: feed.lastStatus,
    eventCount: feed.eventCount,
    lastError: feed.lastError as CalendarFeedError | null,
    failingSince: iso(feed.failingSince),
    lastRun: lastRun ? toRun(lastRun) : null,
  };
}

/** The latest run of each feed, in one query per page. */
async function lastRunsOf(db: Database, feedIds: string[]): Promise<Map<string, RunRow>> {
  if (feedIds.length === 0) return new Map();
  const runs = await db.select().from(calendarSyncRuns)
    .where(inArray(calendarSyncRuns.feedId, feedIds))
    .orderBy(desc(calendarSyncRuns.finishedAt));
  const latest = new Map<string, RunRow>();
  for (const run of runs) if (!latest.has(run.feedId)) latest.set(run.feedId, run);
  return latest;
}

/**
 * The units of every property the caller may see (their own and those shared with them), by
 * property and unit name, a page at a time: their stays are on the calendar for everyone who may
 * see them. The imported feeds (health and last outcome) and the export address come only with the
 * units whose settings the caller manages (the owner, a co-host): the links carry the platforms'
 * and our own secrets, which reception has no use for (issue 32 item 7: reception saw "no units").
 */
export async function listCalendars(
  ctx: ServiceContext,
  query: { propertyId?: string; unitCode?: string; pageNumber: number; pageSize: number },
) {
  const { db } = ctx;
  const userId = actorIdOf(ctx);
  const { publicUrl } = ctx.config;
  const where = and(
    propertyScopeWhere(userId, "view", {
      owner: accommodationUnits.userId,
      property: accommodationUnits.propertyId,
    }),
    query.propertyId ? eq(accommodationUnits.propertyId, query.propertyId) : undefined,
    query.unitCode ? eq(accommodationUnits.code, query.unitCode) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(accommodationUnits).where(where);
  const rows = await db.select().from(accommodationUnits)
    .innerJoin(properties, eq(properties.id, accommodationUnits.propertyId))
    .where(where)
    .orderBy(asc(properties.name), asc(accommodationUnits.name), asc(accommodationUnits.id))
    .limit(query.pageSize).offset((query.pageNumber - 1) * query.pageSize);

  const shared = new Map(
    (await sharedPropertiesOf(db, userId)).map((m) => [m.propertyId, m.role] as const),
  );
  const manages = (unit: typeof accommodationUnits.$inferSelect) => {
    if (unit.userId === userId) return true;
    const role = shared.get(unit.propertyId);
    return role !== undefined && roleMay(role, "settings");
  };
  const unitIds = rows.map((r) => r.accommodation_units.id)
    .filter((_, i) => manages(rows[i].accommodation_units));
  const feeds = unitIds.length
    ? await db.select().from(calendarFeeds)
      .where(inArray(calendarFeeds.accommodationUnitId, unitIds))
      .orderBy(asc(calendarFeeds.createdAt))
    : [];
  const runs = await lastRunsOf(db, feeds.map((f) => f.id));

  const items: UnitCalendar[] = rows.map(({ accommodation_units: unit, properties: property }) => ({
    accommodationUnitId: unit.id,
    accommodationUnitCode: unit.code,
    accommodationUnitName: unit.name,
    propertyId: property.id,
    propertyName: property.name,
    canManage: manages(unit),
    exportUrl: manages(unit) && unit.calendarExportToken
      ? exportUrlOf(publicUrl, unit.calendarExportToken)
      : null,
    feeds: feeds.filter((f) => f.accommodationUnitId === unit.id)
      .map((f) => toFeed(f, runs.get(f.id))),
  }));
  return toPagedResult(items, query.pageNumber, query.pageSize, total);
}
