/**
 * A second, independent eVisitor for tests, written from ../../../shared/evisitor-api.md alone and
 * sharing no code with dev/evisitor-sim (which we wrote too, so it may share our mistakes). Where
 * the reference leaves a choice open, this one takes the other plausible reading than the
 * simulator, so a client that only fits the simulator fails here:
 *
 * - it lives under a root path (`/eVisitorRhetos_API`) and answers 404 elsewhere; a resource path
 *   without its trailing slash is Rhetos' service metadata (HTML), not data (§2);
 * - "not authenticated" is 401 with the envelope (Rhetos ≥ 4, §5.1), the refused API key an
 *   envelope with HTTP 200 (its status is undocumented, §2.1), business errors 400 with
 *   UserMessages wrapped as I18N nuggets `[[[…|||…]]]` (§5.1);
 * - SettlementLookup's Name is the settlement's own name ("Adamovec") and its city is only a
 *   CityMunicipalityHrID; a Croatian city must be sent as "<city>-<settlement>" (§3.1, §6.9);
 * - filters are checked: a JSON array of {Property, Operation, Value}, properties of the resource
 *   only, the documented operations; paging without a sort is refused (§2.2, §5.2);
 * - an obveznik sending TTPayerID is refused (§2.5: "must not be sent"); CancelTouristCheckIn and
 *   CancelTouristCheckOut take {ID, Reason} (§3.3); an edit must send all fields, with the
 *   arrival unchanged (§3.1);
 * - the flat rate: vacation home only, EEA citizens only, StayFrom up to 15 July of the current
 *   year (§3.1); tax categories per facility from TTPaymentCategoryLookup2 (§2.4);
 *   FacilityTouristCheckInLookup rows have IDs of their own, matching FacilityBrowse by Code only.
 *
 * Every request is recorded (method, path, query, JSON body, Cookie header) for the tests.
 */

export const REFERENCE_ROOT = "/eVisitorRhetos_API";
export const REFERENCE_HOST = { username: "01234567890.api", password: "Referentna-Lozinka-1" };

const GENERIC_CLIENT =
  "Operation could not be completed because the request sent to the server was not valid or not properly formatted.";
const NOT_AUTHENTICATED = "User is not authenticated.";
const API_KEY = "Application is not registered or is deactivated or API key has expired.";

export interface RecordedRequest {
  method: string;
  /** Path below the root, e.g. "/Rest/Htz/CheckInTourist/" (the whole path if not under it). */
  path: string;
  /** Whether the request was made under the service's root (`/eVisitorRhetos_API/`). */
  underRoot: boolean;
  query: Record<string, string>;
  body: unknown;
  cookie: string | null;
}

export interface Registration {
  id: string;
  status: "active" | "checked-out" | "cancelled";
  fields: Record<string, unknown>;
  checkOut?: { date: string; time: string };
  reason?: string;
}

export interface ReferenceOptions {
  /** An API key the login needs (the test service), none unless given. */
  apiKey?: string;
}

type Row = Record<string, unknown>;

const guid = (n: number, kind: number) =>
  `${kind.toString(16).padStart(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

/** Epoch ms of a Zagreb wall-clock time, and its offset as "+0200". */
function zagreb(date: string, time = "00:00"): { ms: number; offset: string } {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const name = new Intl.DateTimeFormat("en", {
    timeZone: "Europe/Zagreb",
    timeZoneName: "shortOffset",
  }).formatToParts(new Date(guess)).find((p) => p.type === "timeZoneName")!.value;
  const hours = Number(name.replace("GMT", "") || "0");
  return { ms: guess - hours * 3_600_000, offset: `+${String(hours * 100).padStart(4, "0")}` };
}
const dotNet = (date: string, time?: string) => {
  const { ms, offset } = zagreb(date, time);
  return `/Date(${ms}${offset})/`;
};
const todayInZagreb = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zagreb" }).format(new Date());
const compact = (text: unknown) =>
  typeof text === "string" && /^\d{8}$/.test(text)
    ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}`
    : null;

// Two facilities of the host: a guest house, and a vacation home (IsVacationHomeCalculation).
export const REFERENCE_FACILITIES = [
  { id: guid(1, 0xf1), code: "0000022", name: "Kuća Lavanda", vacationHome: false },
  { id: guid(2, 0xf1), code: "0034643", name: "Kuća za odmor Maslina", vacationHome: true },
];
/** Allowed categories per facility; the second also lists an inactive one. */
const CATEGORIES: [string, string, string, boolean][] = [
  [REFERENCE_FACILITIES[0].id, "1", "Djeca : do 12 godina", true],
  [REFERENCE_FACILITIES[0].id, "2", "Djeca : od navršenih 12-18 godina", true],
  [REFERENCE_FACILITIES[0].id, "14", "Turist koji boravi u ugostiteljskom objektu", true],
  [REFERENCE_FACILITIES[1].id, "1", "Djeca : do 12 godina", true],
  [REFERENCE_FACILITIES[1].id, "2", "Djeca : od navršenih 12-18 godina", true],
  [REFERENCE_FACILITIES[1].id, "16", "Prijatelji i ostale osobe vlasnika kuće za odmor", true],
  [REFERENCE_FACILITIES[1].id, "18", "Vlasnici kuće za odmor i članovi obitelji", true],
  [REFERENCE_FACILITIES[1].id, "14", "Turist koji boravi u ugostiteljskom objektu", false],
];
const COUNTRIES: [string, string, boolean, boolean][] = [
  // alpha-3, name, EU member, EEA member
  ["HRV", "Hrvatska", true, true],
  ["DEU", "Njemačka", true, true],
  ["DNK", "Danska", true, true],
  ["AUT", "Austrija", true, true],
  ["NOR", "Norveška", false, true],
  ["USA", "Sjedinjene Američke Države", false, false],
];
const CITY_ZAGREB = guid(100, 0xc1);
const CITY_SPLIT = guid(101, 0xc1);
/** Settlements by their own names; the city is the CityMunicipalityHrID. */
const SETTLEMENTS: [string, string, string, string][] = [
  // ID, city, name, ZIP — the city's own settlement is not listed first
  [guid(1, 0x5e), CITY_ZAGREB, "Adamovec", "10363"],
  [guid(2, 0x5e), CITY_ZAGREB, "Zagreb", "10000"],
  [guid(3, 0x5e), CITY_ZAGREB, "Sesvete", "10360"],
  [guid(4, 0x5e), CITY_SPLIT, "Stobreč", "21311"],
  [guid(5, 0x5e), CITY_SPLIT, "Split", "21000"],
];
const CITY_NAMES: Record<string, string> = { [CITY_ZAGREB]: "Zagreb", [CITY_SPLIT]: "Split" };

const REQUIRED = [
  "Facility",
  "StayFrom",
  "TimeStayFrom",
  "ForeseenStayUntil",
  "TimeEstimatedStayUntil",
  "DocumentType",
  "DocumentNumber",
  "TouristName",
  "TouristSurname",
  "Gender",
  "DateOfBirth",
  "CountryOfBirth",
  "Citizenship",
  "CountryOfResidence",
  "CityOfResidence",
  "TTPaymentCategory",
  "ArrivalOrganisation",
  "OfferedServiceType",
];
const OPERATIONS = [
  "equal",
  "equals",
  "notequal",
  "notequals",
  "greater",
  "greaterequal",
  "less",
  "lessequal",
  "startswith",
  "contains",
  "in",
];

class Reply {
  constructor(readonly response: Response) {}
}
const envelope = (status: number, user: string | null, system: string | null) =>
  new Reply(Response.json({ UserMessage: user, SystemMessage: system }, { status }));
const business = (message: string, ...params: string[]) =>
  envelope(400, `[[[${[message, ...params].join("|||")}]]]`, null);
const clientError = (system: string) => envelope(400, GENERIC_CLIENT, system);
const html = (status: number, text: string) =>
  new Reply(
    new Response(`<html><body>${text}</body></html>`, {
      status,
      headers: { "Content-Type": "text/html" },
    }),
  );
const fail = (reply: Reply): never => {
  throw reply;
};

export class ReferenceEVisitor {
  readonly requests: RecordedRequest[] = [];
  readonly registrations = new Map<string, Registration>();
  readonly #sessions = new Set<string>();
  #firewall: { remaining: number; supportId: string; path?: string } | undefined;
  readonly #server: Deno.HttpServer<Deno.NetAddr>;
  password = REFERENCE_HOST.password;
  apiKey: string | undefined;

  constructor(options: ReferenceOptions = {}) {
    this.apiKey = options.apiKey;
    this.#server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      (req) => this.#handle(req),
    );
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.#server.addr.port}${REFERENCE_ROOT}`;
  }

  /** Requests whose path contains `part`. */
  to(part: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path.includes(part));
  }

  /** Every open session ends (as after a restart or a timeout). */
  expireSessions(): void {
    this.#sessions.clear();
  }

  /** The next `count` requests (to paths containing `path`) get the firewall's block page. */
  firewall(count: number, supportId: string, path?: string): void {
    this.#firewall = { remaining: count, supportId, path };
  }

  async stop(): Promise<void> {
    await this.#server.shutdown();
  }

  async #handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const text = req.method === "POST" ? await req.text() : "";
    let body: unknown = undefined;
    try {
      body = text.trim() ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const path = url.pathname.startsWith(REFERENCE_ROOT)
      ? url.pathname.slice(REFERENCE_ROOT.length)
      : url.pathname;
    this.requests.push({
      method: req.method,
      path,
      underRoot: url.pathname.startsWith(`${REFERENCE_ROOT}/`),
      query: Object.fromEntries(url.searchParams),
      body,
      cookie: req.headers.get("cookie"),
    });
    try {
      if (!url.pathname.startsWith(`${REFERENCE_ROOT}/`)) fail(html(404, "Not Found"));
      const wall = this.#firewall;
      if (wall && wall.remaining > 0 && (!wall.path || path.includes(wall.path))) {
        wall.remaining--;
        fail(html(
          200,
          "The requested URL was rejected. Please consult with your administrator.<br><br>" +
            `Your support ID is: ${wall.supportId}`,
        ));
      }
      return this.#route(req.method, path, url.searchParams, body, req.headers.get("cookie"));
    } catch (error) {
      if (error instanceof Reply) return error.response;
      console.error("reference eVisitor:", error);
      return envelope(500, null, "Internal server error occurred (Exception).").response;
    }
  }

  #route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    cookie: string | null,
  ): Response {
    const auth = "/Resources/AspNetFormsAuth/Authentication/";
    if (path === `${auth}Login` && method === "POST") return this.#login(body);
    if (path === `${auth}Logout` && method === "POST") {
      const session = this.#cookies(cookie).get("authentication");
      if (session) this.#sessions.delete(session);
      return new Response(null, { status: 200 });
    }
    const match = path.match(/^\/Rest\/Htz\/([A-Za-z0-9]+)(\/.*)?$/);
    if (!match) fail(html(404, "Not Found"));
    const [, name, rest] = match!;
    // Without the trailing slash the path is the service's metadata (§2).
    if (rest === undefined) return html(200, `Htz.${name} service metadata`).response;
    const cookies = this.#cookies(cookie);
    const session = cookies.get("authentication");
    const all = ["authentication", "affinity", "language"].every((c) => cookies.has(c));
    if (!session || !all || !this.#sessions.has(session)) {
      fail(envelope(401, GENERIC_CLIENT, NOT_AUTHENTICATED));
    }
    if (method === "POST" && rest === "/") return this.#action(name, body);
    if (method !== "GET") fail(html(405, "Method Not Allowed"));
    return this.#read(name, rest!.slice(1), query);
  }

  #cookies(header: string | null): Map<string, string> {
    // "a=1 b=2" (joined with a bare space) is what the firewall rejects (§5.1).
    if (header && /=[^;\s]*\s+[^;\s]+=/.test(header)) {
      fail(html(200, "The requested URL was rejected. Your support ID is: 9999"));
    }
    return new Map(
      (header ?? "").split(";").map((p) => p.trim()).filter((p) => p.includes("="))
        .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]),
    );
  }

  #login(body: unknown): Response {
    const fields = new Map(
      Object.entries(typeof body === "object" && body ? body : {})
        .map(([k, v]) => [k.toLowerCase(), v]),
    );
    if (this.apiKey !== undefined && fields.get("apikey") !== this.apiKey) {
      return envelope(200, null, API_KEY).response;
    }
    if (!fields.get("username")) fail(envelope(400, "Empty UserName is not allowed.", null));
    if (
      fields.get("username") !== REFERENCE_HOST.username || fields.get("password") !== this.password
    ) {
      return Response.json(false);
    }
    const session = crypto.randomUUID();
    this.#sessions.add(session);
    const headers = new Headers();
    headers.append("Set-Cookie", `authentication=${session}; path=/; HttpOnly; secure`);
    headers.append("Set-Cookie", `affinity=${crypto.randomUUID()}; path=/`);
    headers.append("Set-Cookie", "language=hr-HR; path=/; expires=Fri, 01 Jan 2100 00:00:00 GMT");
    return Response.json(true, { headers });
  }

  // ---- reads (§2.2) ----

  #rows(name: string): { columns: string[]; rows: Row[] } {
    const lookup = (columns: string[], rows: Row[]) => ({ columns, rows });
    switch (name) {
      case "FacilityBrowse":
        return lookup(
          [
            "ID",
            "Code",
            "Name",
            "FacilityType",
            "Category",
            "Settlement",
            "StreetNumber",
            "IsDeactivated",
            "TTPayerID",
          ],
          REFERENCE_FACILITIES.map((f) => ({
            ID: f.id,
            Code: f.code,
            Name: f.name,
            FacilityType: f.vacationHome ? "Kuća za odmor" : "Kuće za odmor",
            Category: "3*",
            Settlement: "Split",
            StreetNumber: "Put Brda 1",
            IsDeactivated: false,
            TTPayerID: guid(9, 0x7a),
          })),
        );
      case "FacilityTouristCheckInLookup":
        return lookup(
          [
            "ID",
            "Code",
            "Name",
            "IsVacationHomeCalculation",
            "NecessarySettlementRegistration",
            "SettlementHrID",
            "TTPayerID",
          ],
          // Its own row IDs: that they are FacilityBrowse's is not documented (§2.4).
          REFERENCE_FACILITIES.map((f, i) => ({
            ID: guid(i + 1, 0xf2),
            Code: f.code,
            Name: f.name,
            IsVacationHomeCalculation: f.vacationHome,
            NecessarySettlementRegistration: false,
            SettlementHrID: SETTLEMENTS[4][0],
            TTPayerID: guid(9, 0x7a),
          })),
        );
      case "AccommodationUnitFacilityType":
        return lookup(
          ["ID", "FacilityID", "NameCode", "FacilityCode"],
          REFERENCE_FACILITIES.map((f, i) => ({
            ID: guid(i + 1, 0x77),
            FacilityID: f.id,
            NameCode: f.vacationHome ? "Kuća" : "Apartman",
            FacilityCode: f.code,
          })),
        );
      case "AccommodationUnitForEdit":
        return lookup(
          [
            "ID",
            "CategoryID",
            "FacilityID",
            "FacilityCategoryTypeID",
            "NumberOfBeds",
            "NumberOfEquivalentUnits",
            "NumberOfExtraBeds",
            "Sequence",
            "TypeID",
          ],
          REFERENCE_FACILITIES.map((f, i) => ({
            ID: guid(i + 1, 0x55),
            CategoryID: null,
            FacilityID: f.id,
            FacilityCategoryTypeID: null,
            NumberOfBeds: 6,
            NumberOfEquivalentUnits: 1,
            NumberOfExtraBeds: 0,
            Sequence: 1,
            TypeID: guid(i + 1, 0x77),
          })),
        );
      case "TTPaymentCategoryLookup2":
        return lookup(
          ["ID", "FacilityID", "Active", "Code", "CodeNames", "Name"],
          CATEGORIES.map(([facility, code, label, active], i) => ({
            ID: guid(i + 1, 0x7c),
            FacilityID: facility,
            Active: active,
            Code: code,
            CodeNames: `${code} ${label}`,
            Name: label,
          })),
        );
      case "CountryLookup":
        return lookup(
          [
            "ID",
            "Active",
            "AlternativeName",
            "CodeThreeLetters",
            "CodeTwoLetters",
            "IsEUMember",
            "IsVisaRequired",
            "NameCitizenships",
            "NameNational",
            "NameNationalAlternative",
          ],
          COUNTRIES.map(([code, label, eu], i) => ({
            ID: guid(i + 1, 0xcc),
            Active: true,
            AlternativeName: null,
            CodeThreeLetters: code,
            CodeTwoLetters: code.slice(0, 2),
            IsEUMember: eu,
            IsVisaRequired: false,
            NameCitizenships: label,
            NameNational: label,
            NameNationalAlternative: null,
          })),
        );
      case "DocumentTtypeLookup":
        return lookup(
          ["ID", "Active", "Code", "Name", "Sequence", "CodeMI"],
          [
            ["002", "Osobna putovnica (strana)"],
            ["027", "Osobna iskaznica (strana)"],
            ["051", "Osobna iskaznica (domaća)"],
            ["032", "Vozačka dozvola (strana)"],
            ["103", "Vozačka dozvola (domaća)"],
            ["999", "Zdravstvena iskaznica"],
          ]
            .map(([code, label], i) => ({
              ID: guid(i + 1, 0xd0),
              Active: true,
              Code: code,
              Name: label,
              Sequence: i,
              CodeMI: code,
            })),
        );
      case "ArrivalOrganisationLookup":
        return lookup(
          ["ID", "Active", "CodeMI", "Name", "Sequence"],
          [{ ID: guid(1, 0xa0), Active: true, CodeMI: "I", Name: "Osobno", Sequence: 1 }, {
            ID: guid(2, 0xa0),
            Active: true,
            CodeMI: "A",
            Name: "Agencijski",
            Sequence: 2,
          }],
        );
      case "OfferedServiceTypeLookup":
        return lookup(["ID", "Active", "Name"], [{
          ID: guid(1, 0x05),
          Active: true,
          Name: "noćenje",
        }]);
      case "BorderCrossingHRlookup":
        return lookup(
          ["ID", "Active", "BorderCrossingType", "CodeMI", "Name"],
          [{
            ID: guid(1, 0xb0),
            Active: true,
            BorderCrossingType: "Zračni",
            CodeMI: "053",
            Name: "Zračna luka Split",
          }],
        );
      case "SettlementLookup":
        return lookup(
          ["ID", "Active", "CityMunicipalityHrID", "HasZones", "Name", "ZIPCode"],
          [
            ...SETTLEMENTS.map(([id, city, label, zip]) => ({
              ID: id,
              Active: true,
              CityMunicipalityHrID: city,
              HasZones: false,
              Name: label,
              ZIPCode: zip,
            })),
            {
              ID: guid(9, 0x5e),
              Active: false,
              CityMunicipalityHrID: CITY_SPLIT,
              HasZones: false,
              Name: "Kamen",
              ZIPCode: "21000",
            },
          ],
        );
      case "ListOfTourists":
        return lookup(
          [
            "ID",
            "FacilityID",
            "TTPayerID",
            "SettlementHrID",
            "CheckedOutTourist",
            "SurnameAndName",
            "DateTimeOfArrival",
            "DateTimeOfDeparture",
            "Citizenship",
            "FacilityName",
            "TouristCheckedOutString",
            "StayFrom",
          ],
          [...this.registrations.values()].filter((r) => r.status !== "cancelled").map((r) => {
            const facility = REFERENCE_FACILITIES.find((f) => f.code === r.fields.Facility)!;
            const from = compact(r.fields.StayFrom)!;
            return {
              ID: r.id,
              FacilityID: facility.id,
              TTPayerID: guid(9, 0x7a),
              SettlementHrID: SETTLEMENTS[4][0],
              CheckedOutTourist: r.status === "checked-out",
              SurnameAndName: `${r.fields.TouristSurname} ${r.fields.TouristName}`,
              DateTimeOfArrival: dotNet(from, String(r.fields.TimeStayFrom)),
              DateTimeOfDeparture: r.checkOut ? dotNet(r.checkOut.date, r.checkOut.time) : dotNet(
                compact(r.fields.ForeseenStayUntil)!,
                String(r.fields.TimeEstimatedStayUntil),
              ),
              Citizenship: r.fields.Citizenship,
              FacilityName: facility.name,
              TouristCheckedOutString: r.status === "checked-out" ? "Da" : "Ne",
              StayFrom: dotNet(from),
            };
          }),
        );
      default:
        return fail(html(404, "Not Found"));
    }
  }

  #read(name: string, suffix: string, query: URLSearchParams): Response {
    const { columns, rows } = this.#rows(name);
    const filtered = this.#filter(name, columns, rows, query.get("filters"));
    const sort = query.get("sort");
    const page = query.get("page");
    const psize = query.get("psize");
    if ((page !== null || psize !== null) && !sort) {
      fail(
        clientError(
          "Invalid ReadCommand argument: Sort order must be set if paging is used (Top or Skip).",
        ),
      );
    }
    let records = filtered;
    if (sort) {
      const keys = sort.split(",").map((part) => {
        const [property, direction = "asc"] = part.trim().split(/\s+/);
        if (!columns.includes(property)) {
          fail(
            clientError(
              `Invalid generic filter parameter: Type 'Common.Queryable.Htz_${name}' does not have property '${property}'.`,
            ),
          );
        }
        return { property, descending: direction.toLowerCase() === "desc" };
      });
      records = [...records].sort((a, b) => {
        for (const { property, descending } of keys) {
          const x = String(a[property] ?? ""), y = String(b[property] ?? "");
          if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
        }
        return 0;
      });
    }
    const total = records.length;
    if (page !== null || psize !== null) {
      const size = Number(psize ?? 0), from = (Number(page ?? 1) - 1) * size;
      records = records.slice(from, from + size);
    }
    if (suffix === "") return Response.json({ Records: records });
    if (suffix === "RecordsAndTotalCount") {
      return Response.json({ Records: records, TotalCount: total });
    }
    if (suffix === "TotalCount") return Response.json({ TotalCount: total });
    const one = rows.find((r) => String(r.ID).toLowerCase() === suffix.toLowerCase());
    return one
      ? Response.json(one)
      : Response.json("There is no resource of this type with a given ID.", { status: 404 });
  }

  #filter(name: string, columns: string[], rows: Row[], filters: string | null): Row[] {
    if (filters === null) return rows;
    let parsed: unknown;
    try {
      parsed = JSON.parse(filters);
    } catch {
      return fail(clientError("Invalid filters parameter: not JSON."));
    }
    if (!Array.isArray(parsed)) fail(clientError("Invalid filters parameter: expected an array."));
    let result = rows;
    for (const condition of parsed as Row[]) {
      const { Property: property, Operation: operation, Value: value } = condition ?? {};
      if (typeof property !== "string" || !columns.includes(property)) {
        fail(
          clientError(
            `Invalid generic filter parameter: Type 'Common.Queryable.Htz_${name}' does not have property '${property}'.`,
          ),
        );
      }
      const op = String(operation).toLowerCase();
      if (!OPERATIONS.includes(op)) {
        fail(clientError(`Unsupported generic filter operation '${operation}' on a property.`));
      }
      result = result.filter((row) => matches(row[property as string], op, value));
    }
    return result;
  }

  // ---- actions (§2.3, §3) ----

  #action(name: string, body: unknown): Response {
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      fail(clientError("The action parameter must be a JSON object."));
    }
    const b = body as Row;
    // An obveznik's TTPayerID is the server's to fill in (§2.5).
    if ("TTPayerID" in b) fail(business("Obveznik ne može zadati obveznika (TTPayerID)."));
    const id = typeof b.ID === "string" ? b.ID.toLowerCase() : "";
    if (!id) fail(business("Nije zadan ID."));
    const registration = this.registrations.get(id);
    switch (name) {
      case "CheckInTourist":
        this.#checkIn(id, b, registration);
        break;
      case "CheckOutTourist": {
        if (!registration || registration.status !== "active") {
          fail(business("Prijava %0 nije aktivna.", id));
        }
        const date = compact(b.CheckOutDate);
        if (!date || typeof b.CheckOutTime !== "string") {
          fail(business("Datum i vrijeme odjave nisu zadani."));
        }
        if (date! > todayInZagreb()) {
          fail(business("Datum odjave turista ne smije biti veći od današnjeg datuma."));
        }
        registration!.status = "checked-out";
        registration!.checkOut = { date: date!, time: b.CheckOutTime as string };
        break;
      }
      case "CancelTouristCheckIn":
      case "CancelTouristCheckOut": {
        const extra = Object.keys(b).filter((k) => k !== "ID" && k !== "Reason");
        if (extra.length) fail(clientError(`Unknown parameter(s): ${extra.join(", ")}.`));
        const wanted = name === "CancelTouristCheckIn" ? "active" : "checked-out";
        if (!registration || registration.status !== wanted) {
          fail(
            business(
              name === "CancelTouristCheckIn"
                ? "Prijavu %0 nije moguće poništiti."
                : "Odjavu %0 nije moguće poništiti.",
              id,
            ),
          );
        }
        registration!.status = name === "CancelTouristCheckIn" ? "cancelled" : "active";
        registration!.checkOut = undefined;
        registration!.reason = typeof b.Reason === "string" ? b.Reason : undefined;
        break;
      }
      default:
        fail(html(404, "Not Found"));
    }
    return new Response(null, { status: 200 });
  }

  #checkIn(id: string, b: Row, existing: Registration | undefined): void {
    // All data, not only what changed (§3.1): an edit missing a field is refused like a new one.
    for (const key of REQUIRED) {
      if (typeof b[key] !== "string" || (b[key] as string).trim() === "") {
        fail(business("Podatak %0 nije zadan.", key));
      }
    }
    if (existing) {
      if (existing.status !== "active") fail(business("Prijava nije aktivna."));
      if (
        existing.fields.StayFrom !== b.StayFrom || existing.fields.TimeStayFrom !== b.TimeStayFrom
      ) {
        fail(business("Obveznik ne može mijenjati datum i vrijeme dolaska."));
      }
    }
    const facility = REFERENCE_FACILITIES.find((f) => f.code === b.Facility);
    if (!facility) fail(business("Objekt %0 ne postoji.", String(b.Facility)));
    const from = compact(b.StayFrom), until = compact(b.ForeseenStayUntil);
    if (!from || !until || !compact(b.DateOfBirth)) fail(business("Neispravan datum."));
    if (from! > until!) fail(business("Upisan datum boravka do je manji od datuma boravka od."));
    const allowed = CATEGORIES.filter(([f, , , active]) => f === facility!.id && active).map((
      [, code],
    ) => code);
    if (!allowed.includes(b.TTPaymentCategory as string)) {
      fail(business("Kategorija %0 nije dozvoljena za objekt.", String(b.TTPaymentCategory)));
    }
    const country = (code: unknown) => COUNTRIES.find(([c]) => c === code);
    for (const key of ["CountryOfBirth", "Citizenship", "CountryOfResidence"]) {
      if (!country(b[key])) fail(business("Nepoznata država %0.", String(b[key])));
    }
    const croatian = (value: unknown) => {
      const wanted = String(value ?? "").trim().toLowerCase();
      return SETTLEMENTS.some(([, city, label]) =>
        `${CITY_NAMES[city]}-${label}`.toLowerCase() === wanted
      );
    };
    if (
      b.CountryOfBirth === "HRV" ? !croatian(b.CityOfBirth) : !String(b.CityOfBirth ?? "").trim()
    ) {
      fail(business("Grad rođenja nije zadan."));
    }
    if (b.CountryOfResidence === "HRV" ? !croatian(b.CityOfResidence) : false) {
      fail(business("Grad prebivališta nije zadan."));
    }
    if (!country(b.CountryOfResidence)![2] && (!b.BorderCrossing || !b.PassageDate)) {
      fail(business("Potrebno je upisati granični prijelaz, te datum prijelaza."));
    }
    if (
      b.IsTTFlatRatePaymentVacationHome !== undefined &&
      typeof b.IsTTFlatRatePaymentVacationHome !== "boolean"
    ) {
      fail(
        clientError("Invalid JSON format of Boolean property 'IsTTFlatRatePaymentVacationHome'."),
      );
    }
    if (b.IsTTFlatRatePaymentVacationHome === true) {
      const year = todayInZagreb().slice(0, 4);
      if (!facility!.vacationHome || from! > `${year}-07-15`) {
        fail(business("Paušalno plaćanje dozvoljeno je samo za kuće za odmor do 15.7. u godini."));
      }
      if (!country(b.Citizenship)![3]) {
        fail(
          business(
            "Paušalno plaćanje nije dozvoljeno za turiste koji nisu iz europskog gospodarskog pojasa.",
          ),
        );
      }
    }
    const duplicate = [...this.registrations.values()].some((r) =>
      r.id !== id && r.status === "active" && r.fields.Facility === b.Facility &&
      r.fields.DateOfBirth === b.DateOfBirth && r.fields.DocumentType === b.DocumentType &&
      r.fields.DocumentNumber === b.DocumentNumber &&
      r.fields.CountryOfResidence === b.CountryOfResidence
    );
    if (duplicate) fail(business("Turist je već prijavljen u navedenom objektu."));
    this.registrations.set(id, { id, status: "active", fields: { ...b, ID: id } });
  }
}

const DOT_NET = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/;

/** One generic filter condition on one value (§2.2); strings compare case-insensitively. */
function matches(actual: unknown, op: string, value: unknown): boolean {
  const norm = (v: unknown): string | number | boolean | null => {
    if (typeof v === "string") {
      const date = v.match(DOT_NET);
      if (date) return Number(date[1]);
      if (v === "true" || v === "false") return v === "true";
      return v.toLowerCase();
    }
    return v as number | boolean | null;
  };
  const a = norm(actual);
  if (op === "in") return Array.isArray(value) && value.map(norm).includes(a);
  const v = norm(value);
  switch (op) {
    case "equal":
    case "equals":
      return a === v;
    case "notequal":
    case "notequals":
      return a !== v;
    case "greater":
      return a !== null && v !== null && a > v;
    case "greaterequal":
      return a !== null && v !== null && a >= v;
    case "less":
      return a !== null && v !== null && a < v;
    case "lessequal":
      return a !== null && v !== null && a <= v;
    case "startswith":
      return String(a).startsWith(String(v));
    case "contains":
      return String(a).includes(String(v));
  }
  return false;
}
