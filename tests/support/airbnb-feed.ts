/**
 * A platform's iCal calendar, as Airbnb exports it, served on 127.0.0.1 for browser tests (their
 * stack lets calendar links point at private addresses).
 */

const compact = (date: string) => date.replaceAll("-", "");

/**
 * One Airbnb event: all-day, the check-out day exclusive. A "Reserved" stay may carry its
 * reservation link, folded over two lines as Airbnb does.
 */
export function airbnbEvent(
  { uid, start, end, summary, reservationCode }: {
    uid: string;
    start: string;
    end: string;
    summary: "Reserved" | "Airbnb (Not available)";
    reservationCode?: string;
  },
): string[] {
  return [
    "BEGIN:VEVENT",
    `DTEND;VALUE=DATE:${compact(end)}`,
    `DTSTART;VALUE=DATE:${compact(start)}`,
    `UID:${uid}@airbnb.com`,
    ...(reservationCode
      ? [
        "DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/d",
        ` etails/HM${reservationCode}\\nPhone Number (Last 4 Digits): 4321`,
      ]
      : []),
    `SUMMARY:${summary}`,
    "END:VEVENT",
  ];
}

/** A whole Airbnb export holding `events`, with CRLF line ends. */
export function airbnbCalendar(events: string[][]): string {
  return [
    "BEGIN:VCALENDAR",
    "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN",
    "CALSCALE:GREGORIAN",
    "VERSION:2.0",
    ...events.flat(),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** An iCal answer, as platforms send it. */
export function calendarResponse(body: string): Response {
  return new Response(body, { headers: { "Content-Type": "text/calendar; charset=utf-8" } });
}

/** Serves `respond` at `http://127.0.0.1:<port><path>` until `stop`. */
export function serveCalendar(path: string, respond: () => Response) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, respond);
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}${path}`,
    stop: () => server.shutdown(),
  };
}
