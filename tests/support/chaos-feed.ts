/**
 * A platform's iCal feed that flaps, for the calendar chaos suite: the test decides what the
 * next requests get (a valid version with its ETag, an HTTP error, an answer held back past the
 * worker's timeout, a body cut off mid-event, a login page) and sees what was served when.
 */
import { airbnbCalendar, airbnbEvent } from "./airbnb-feed.ts";

export interface FeedStay {
  /** Without the `@airbnb.com` the export adds. */
  uid: string;
  start: string;
  end: string;
  /** An Airbnb "Not available" block rather than a booking. */
  block?: boolean;
}

export type FeedAnswer =
  | { kind: "calendar"; version: string; stays: FeedStay[] }
  | { kind: "status"; status: number }
  /** Headers and body held back for `holdMs` (longer than the worker waits), then a 503. */
  | { kind: "slow"; holdMs: number }
  /** 200 text/calendar, the body cut off in the middle of an event (a dropped connection). */
  | { kind: "truncated"; stays: FeedStay[] }
  /** 200 text/html: the platform's sign-in page instead of the calendar. */
  | { kind: "html" };

export interface Served {
  at: number;
  phase: string;
  kind: FeedAnswer["kind"];
  status: number;
}

/** The whole Airbnb export of `stays`. */
export function feedBody(stays: FeedStay[]): string {
  return airbnbCalendar(stays.map((s) =>
    airbnbEvent({
      uid: s.uid,
      start: s.start,
      end: s.end,
      summary: s.block ? "Airbnb (Not available)" : "Reserved",
    })
  ));
}

export function startFlappingFeed(path = "/calendar/ical/7700770077.ics") {
  let answer: FeedAnswer = { kind: "status", status: 404 };
  let phase = "start";
  const served: Served[] = [];
  const releasing = new AbortController();

  const held = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      releasing.signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    });

  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const now = answer;
      const record = (status: number) =>
        served.push({ at: Date.now(), phase, kind: now.kind, status });
      if (new URL(request.url).pathname !== path) return new Response("Not found", { status: 404 });
      switch (now.kind) {
        case "status":
          record(now.status);
          return new Response("Something went wrong", { status: now.status });
        case "slow":
          record(0);
          await held(now.holdMs);
          return new Response("Service Unavailable", { status: 503 });
        case "html":
          record(200);
          return new Response(
            "<!doctype html><html><head><title>Log in · Airbnb</title></head>" +
              "<body><p>Please log in to continue.</p></body></html>",
            { headers: { "Content-Type": "text/html; charset=utf-8" } },
          );
        case "truncated": {
          record(200);
          const body = feedBody(now.stays);
          // Cut in the middle of the last event: no END:VEVENT, no END:VCALENDAR.
          const cut = body.lastIndexOf("UID:");
          return new Response(body.slice(0, cut + 8), {
            headers: { "Content-Type": "text/calendar; charset=utf-8" },
          });
        }
        case "calendar": {
          const etag = `"chaos-${now.version}"`;
          if (request.headers.get("If-None-Match") === etag) {
            record(304);
            return new Response(null, { status: 304, headers: { ETag: etag } });
          }
          record(200);
          return new Response(feedBody(now.stays), {
            headers: { "Content-Type": "text/calendar; charset=utf-8", ETag: etag },
          });
        }
      }
    },
  );
  const { port } = server.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    /** From now on requests get `next`; `label` names the phase in `served`. */
    set(next: FeedAnswer, label: string) {
      answer = next;
      phase = label;
    },
    /** Requests answered so far (all, or in one phase). */
    served(label?: string): Served[] {
      return label === undefined ? [...served] : served.filter((s) => s.phase === label);
    },
    async stop() {
      releasing.abort();
      await server.shutdown();
    },
  };
}

export type FlappingFeed = ReturnType<typeof startFlappingFeed>;
