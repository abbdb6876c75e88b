/**
 * The API's own OpenAPI document as test input: its operations, and fast-check arbitraries that
 * generate requests from each operation's schemas, mixed with classic hostile values.
 *
 * The converter covers the JSON Schema subset `@hono/zod-openapi` writes for our zod schemas:
 * object (properties, required, additionalProperties), string (enum, format, minLength,
 * maxLength, pattern), integer and number (minimum, maximum, exclusiveMinimum), boolean, array
 * (items, minItems, maxItems), `type` arrays and `nullable`, anyOf / oneOf / allOf, const, and
 * `$ref` to `#/components/schemas`.
 */
import fc from "fast-check";

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  description?: string;
}

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description?: string }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One operation of the document, flattened for tests. */
export interface Operation {
  /** `GET /api/Reservations/{code}`: the test step's name. */
  key: string;
  method: string;
  /** The OpenAPI path, e.g. `/api/Reservations/{code}`. */
  path: string;
  operation: OpenApiOperation;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  /** The JSON body's schema, when the operation takes one. */
  bodySchema?: JsonSchema;
  /** The operation lists the Bearer scheme among its security requirements. */
  bearer: boolean;
  /** The operation also accepts a personal API token (the ApiToken scheme). */
  apiToken: boolean;
  /** The operation may also be called without credentials (`{}` among its requirements). */
  anonymousAllowed: boolean;
  /** HTTP statuses the operation documents. */
  documentedStatuses: Set<number>;
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const security = operation.security ?? [];
      const body = operation.requestBody?.content?.["application/json"]?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operation,
        pathParams: parameters.filter((p) => p.in === "path"),
        queryParams: parameters.filter((p) => p.in === "query"),
        bodySchema: body,
        bearer: security.some((requirement) => "Bearer" in requirement),
        apiToken: security.some((requirement) => "ApiToken" in requirement),
        anonymousAllowed: security.length === 0 ||
          security.some((requirement) => Object.keys(requirement).length === 0),
        documentedStatuses: new Set(
          Object.keys(operation.responses).map(Number).filter(Number.isFinite),
        ),
      });
    }
  }
  return operations;
}

/** Follows `$ref`s to `#/components/schemas/...` until a schema without one. */
export function resolveSchema(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref !== undefined; hops++) {
    const match = /^#\/components\/schemas\/(.+)$/.exec(current.$ref);
    const target = match ? doc.components?.schemas?.[decodeURIComponent(match[1])] : undefined;
    if (!target || hops > 32) throw new Error(`unresolvable $ref ${current.$ref}`);
    // Sibling keywords of a $ref (OpenAPI 3.1) refine the target.
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

/** The operation's path with each `{name}` replaced by its (encoded) value. */
export function fillPath(
  path: string,
  values: Record<string, string>,
  encode: (value: string) => string = encodeURIComponent,
): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for path parameter {${name}} of ${path}`);
    return encode(values[name]);
  });
}

/** The Hono route pattern of an OpenAPI path (`{id}` → `:id`). */
export const honoPathOf = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const LONG = 100_000;

/** Strings attackers and broken clients send, whatever the field. */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "' OR 1=1 --",
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  "1; SELECT * FROM users",
  "admin'--",
  "%' AND 1=0 UNION SELECT name FROM sqlite_master --",
  "../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..\\..\\windows\\win.ini",
  "file:///etc/passwd",
  "http://169.254.169.254/latest/meta-data/",
  "http://127.0.0.1:4222/",
  "javascript:alert(1)",
  "<script>alert(1)</script>",
  "{{7*7}}${7*7}",
  "\u0000",
  "abc\u0000def",
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "\uD800",
  "\uDFFF\uD800",
  "\u202Eevil\u202C",
  "\u200F\u200E\u061C",
  "שלום עליכם",
  "😀👨‍👩‍👧‍👦🏳️‍🌈",
  "Z̸̢̧̛̛a̵̧̛l̷̢g̸o̵",
  "\r\nSet-Cookie: pwned=1",
  "\t\n\r\v\f",
  "NaN",
  "Infinity",
  "-Infinity",
  "undefined",
  "null",
  "true",
  "-1",
  "0",
  "-0",
  "1e309",
  "99999999999999999999999999999999",
  "0x7fffffff",
  "1.5",
  "2026-02-30",
  "2026-13-01",
  "0000-00-00",
  "9999-12-31T23:59:59.999Z",
  "-271821-04-20T00:00:00Z",
  "25:61",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "a".repeat(257),
  "x".repeat(LONG),
  "€".repeat(LONG / 3),
];

/** Keys that pollute prototypes when an object is merged carelessly. */
export const POLLUTION_KEYS = ["__proto__", "constructor", "prototype"] as const;

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 8 })).map((
        [a, b],
      ) => a + b),
    },
  );

/** A placeholder JSON.stringify keeps as a string, swapped for raw JSON text by `toJsonText`. */
const raw = (text: string) => `\u0001RAW:${text}\u0001`;
const RAW_PATTERN = /"\\u0001RAW:(.*?)\\u0001"/g;

/** JSON.stringify, then the `raw()` placeholders become their literal text (e.g. 1e999). */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(RAW_PATTERN, (_, text: string) => text);
}

/** Numbers JSON can carry but JavaScript mangles: overflow to Infinity, precision loss, -0. */
const RAW_NUMBERS = [
  "1e999",
  "-1e999",
  "1e-999",
  "-0",
  "123456789012345678901234567890",
  "9007199254740993",
  "0.1e1",
  "1E2",
];

function deeplyNested(depth: number, kind: "object" | "array"): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

/** Pollution attempts, as objects whose own keys are `__proto__` and friends. */
function pollution(): fc.Arbitrary<unknown> {
  return fc.constantFrom(
    ...POLLUTION_KEYS.map((key) => ({ [key]: { isAdmin: true, roles: ["Administrator"] } })),
    { constructor: { prototype: { isAdmin: true } } },
    { ["__proto__"]: { polluted: "yes" }, toString: "x", valueOf: 1 },
  );
}

/** Values of the wrong kind for any field: other types, nesting, huge and odd numbers. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: hostileString() },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        0,
        -1,
        -2147483649,
        2 ** 31,
        2 ** 53,
        Number.MAX_SAFE_INTEGER + 2,
        Number.MIN_SAFE_INTEGER,
        Number.MAX_VALUE,
        -Number.MAX_VALUE,
        Number.MIN_VALUE,
        0.5,
        -0.000001,
        [],
        {},
        [null],
        [[]],
        { "": "" },
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_NUMBERS).map(raw) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double().map((n) => (Number.isFinite(n) ? n : raw("1e999"))) },
    { weight: 1, arbitrary: pollution() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        deeplyNested(64, "object"),
        deeplyNested(64, "array"),
        deeplyNested(2_000, "array"),
        deeplyNested(2_000, "object"),
      ),
    },
    { weight: 1, arbitrary: fc.array(hostileString(), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.constant(Array.from({ length: 2_000 }, (_, i) => i)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Values that follow a schema
// ---------------------------------------------------------------------------------------------

export interface ArbitraryOptions {
  /**
   * Real values by field or parameter name (ids and codes of existing rows), offered alongside
   * generated ones so the fuzz reaches past "not found" into the services.
   */
  known?: Record<string, readonly string[]>;
  /** Chance weight of a hostile value in place of a schema value, per field (default 1 in 8). */
  hostileWeight?: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Dates at the edges: first and last representable days, leap days, DST changes in Zagreb. */
const EDGE_DATES = [
  "0001-01-01",
  "1000-01-01",
  "1900-02-28",
  "1970-01-01",
  "2024-02-29",
  "2026-02-29",
  "2026-03-29",
  "2026-10-25",
  "2026-11-20",
  "9999-12-31",
];
const EDGE_DATE_TIMES = [
  "0001-01-01T00:00:00.000Z",
  "1970-01-01T00:00:00Z",
  "2026-03-29T01:30:00.000Z",
  "2026-10-25T00:30:00.000Z",
  "2026-11-20T10:00:00.000Z",
  "2026-11-20T23:59:59.999+14:00",
  "2026-11-20T00:00:00-12:00",
  "9999-12-31T23:59:59.999Z",
];

const dateArbitrary = () =>
  fc.date({
    min: new Date("1900-01-01T00:00:00Z"),
    max: new Date("2100-12-31T23:59:59Z"),
    noInvalidDate: true,
  });

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.const !== undefined) return fc.constant(String(schema.const));
  switch (schema.format) {
    case "date":
      return fc.oneof(
        { weight: 4, arbitrary: dateArbitrary().map((d) => d.toISOString().slice(0, 10)) },
        { weight: 1, arbitrary: fc.constantFrom(...EDGE_DATES) },
      );
    case "date-time":
      return fc.oneof(
        { weight: 4, arbitrary: dateArbitrary().map((d) => d.toISOString()) },
        { weight: 1, arbitrary: fc.constantFrom(...EDGE_DATE_TIMES) },
      );
    case "time":
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
            .map(([h, m]) => `${pad(h)}:${pad(m)}`),
        },
        { weight: 1, arbitrary: fc.constantFrom("00:00", "23:59", "24:00", "12:00:00", "2:00") },
      );
    case "email":
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.tuple(
            fc.stringMatching(/^[a-z0-9][a-z0-9.+-]{0,14}[a-z0-9]$/),
            fc.constantFrom("example.com", "example.hr", "mail.example.org"),
          ).map(([local, domain]) => `${local}@${domain}`),
        },
        { weight: 1, arbitrary: fc.emailAddress() },
      ).filter((e) => e.length <= (schema.maxLength ?? 254));
    case "uri":
    case "url":
      return fc.webUrl();
    case "uuid":
      return fc.uuid();
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      pattern = undefined;
    }
    if (pattern) {
      const limit = schema.maxLength ?? Infinity;
      const matching = fc.stringMatching(pattern).filter((s) =>
        s.length >= minLength && s.length <= limit
      );
      return fc.oneof({ weight: 3, arbitrary: matching }, {
        weight: 1,
        arbitrary: fc.string({ minLength, maxLength }),
      });
    }
  }
  // Nasty content that still fits the field (SQL, markup, NUL, RTL marks, emoji): accepted and
  // stored, for the operations that read it back.
  const fitting = HOSTILE_STRINGS.filter((text) =>
    text.length >= minLength && text.length <= (schema.maxLength ?? Infinity) && text.trim() !== ""
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }) },
    ...(fitting.length ? [{ weight: 2, arbitrary: fc.constantFrom(...fitting) }] : []),
    {
      weight: 1,
      arbitrary: fc.constantFrom(minLength, schema.maxLength ?? 64).map((n) => "é".repeat(n)),
    },
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(Number));
  const exclusiveMin = typeof schema.exclusiveMinimum === "number"
    ? schema.exclusiveMinimum
    : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === "number"
    ? schema.exclusiveMaximum
    : undefined;
  let min = schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin : -1_000_000);
  let max = schema.maximum ?? (exclusiveMax !== undefined ? exclusiveMax : 1_000_000);
  if (integer) {
    if (exclusiveMin !== undefined && min <= exclusiveMin) min = Math.floor(exclusiveMin) + 1;
    if (exclusiveMax !== undefined && max >= exclusiveMax) max = Math.ceil(exclusiveMax) - 1;
    min = Math.ceil(min);
    max = Math.max(min, Math.floor(max));
    return fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min, max }) },
      { weight: 1, arbitrary: fc.constantFrom(min, max, min - 1, max + 1) },
    );
  }
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.double({
        min,
        max,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: exclusiveMin !== undefined,
        maxExcluded: exclusiveMax !== undefined,
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom(min, max, min - 0.01, max + 0.01) },
  );
}

/** allOf members merged into one schema (properties and required lists joined). */
function mergeAllOf(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  const parts = (schema.allOf ?? []).map((part) => resolveSchema(part, doc));
  const { allOf: _allOf, ...rest } = schema;
  const merged: JsonSchema = { ...rest };
  for (const part of parts) {
    if (part.allOf) Object.assign(part, mergeAllOf(part, doc));
    if (part.properties) merged.properties = { ...merged.properties, ...part.properties };
    if (part.required) merged.required = [...(merged.required ?? []), ...part.required];
    for (const key of Object.keys(part) as (keyof JsonSchema)[]) {
      if (key === "properties" || key === "required") continue;
      if (key === "type" && merged.type !== undefined) {
        // Keep only the types every member allows (`object` ∩ `["object", "null"]`).
        const a = [merged.type].flat();
        const b = [part.type].flat();
        const both = a.filter((t) => b.includes(t!));
        merged.type = both.length ? both as string[] : a as string[];
        continue;
      }
      if (merged[key] === undefined) (merged as Record<string, unknown>)[key] = part[key];
    }
  }
  return merged;
}

/**
 * Values the schema accepts structurally (formats and ranges respected; cross-field rules, such
 * as an end after a start, are not). `hostile` mixes hostile values into every field.
 */
export function schemaArbitrary(
  input: JsonSchema,
  doc: OpenApiDocument,
  options: ArbitraryOptions & { hostile?: boolean; name?: string; depth?: number } = {},
): fc.Arbitrary<unknown> {
  const depth = options.depth ?? 0;
  const schema = resolveSchema(input, doc);
  const plain = buildPlain(schema, doc, { ...options, depth });
  const known = options.name !== undefined ? options.known?.[options.name] : undefined;
  // Well-formed requests lean on known values (they pass the services' own checks); hostile
  // ones use them as often as generated ones.
  const choices: fc.WeightedArbitrary<unknown>[] = [{
    weight: known?.length && !options.hostile ? 1 : 6,
    arbitrary: plain,
  }];
  if (known?.length) choices.push({ weight: 6, arbitrary: fc.constantFrom(...known) });
  if (options.hostile) {
    choices.push({ weight: options.hostileWeight ?? 1, arbitrary: hostileValue() });
  }
  return choices.length === 1 ? plain : fc.oneof(...choices);
}

function buildPlain(
  schema: JsonSchema,
  doc: OpenApiDocument,
  options: ArbitraryOptions & { hostile?: boolean; depth: number },
): fc.Arbitrary<unknown> {
  const nested = { ...options, depth: options.depth + 1, name: undefined };
  if (options.depth > 12) return fc.constant(null);
  if (schema.allOf) return buildPlain(mergeAllOf(schema, doc), doc, options);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return fc.oneof(
      ...alternatives.map((alternative) =>
        schemaArbitrary({ ...rest, ...resolveSchema(alternative, doc) }, doc, nested)
      ),
    );
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  const types = schema.type === undefined
    ? (schema.enum ? [typeof schema.enum[0]] : schema.properties ? ["object"] : [])
    : [schema.type].flat();
  if (schema.nullable && !types.includes("null")) types.push("null");
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => buildPlain({ ...schema, type }, doc, options)));
  }
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "string":
      return stringArbitrary(schema);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "array": {
      const items = schema.items
        ? schemaArbitrary(schema.items, doc, nested)
        : fc.jsonValue({ maxDepth: 1 });
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(items, { minLength, maxLength }) },
        // Past maxItems now and then (50 guests in one party is the usual cap).
        ...(schema.maxItems !== undefined && schema.maxItems <= 100
          ? [{
            weight: 1,
            arbitrary: fc.array(items, {
              minLength: schema.maxItems + 1,
              maxLength: schema.maxItems + 1,
            }),
          }]
          : []),
      );
    }
    case "object": {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        model[name] = schemaArbitrary(property, doc, { ...nested, name });
      }
      const required = (schema.required ?? []).filter((name) => name in model);
      const record = fc.record(model, { requiredKeys: required, noNullPrototype: true });
      const extra = typeof schema.additionalProperties === "object"
        ? fc.dictionary(
          fc.string({ maxLength: 10 }),
          schemaArbitrary(schema.additionalProperties, doc, nested),
          { maxKeys: 3, noNullPrototype: true },
        )
        : options.hostile
        ? fc.oneof(
          { weight: 6, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: pollution() as fc.Arbitrary<Record<string, unknown>> },
          {
            weight: 1,
            arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), hostileValue(), {
              maxKeys: 2,
              noNullPrototype: true,
            }),
          },
        )
        : fc.constant({});
      // Own keys (including "__proto__") survive the spread below as plain own properties.
      return fc.tuple(record, extra).map(([known, more]) => {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(more as Record<string, unknown>)) {
          Object.defineProperty(out, key, {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        for (const [key, value] of Object.entries(known)) {
          Object.defineProperty(out, key, {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        return out;
      });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export interface FuzzRequest {
  method: string;
  /** Path and query, e.g. `/api/Reservations?PageNumber=1`. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A path or query value as text: what a client would put in the address. */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  const json = toJsonText(value);
  return json.startsWith('"') ? JSON.parse(json) : json;
}

/**
 * Encodes a value for the path. Mostly encodeURIComponent; now and then only the characters
 * that would break the URL, so `%2e%2e%2f` and friends reach the router undecoded.
 */
function pathSegmentArbitrary(value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.tuple(value, fc.boolean()).map(([v, raw]) => {
    const text = asText(v);
    if (!raw) return encodeLoosely(text);
    return text.replace(/[^A-Za-z0-9%._~!$&'()*+,;=:@-]/gu, encodeLoosely);
  });
}

/**
 * encodeURIComponent, but a lone surrogate (which it refuses) becomes the bytes a careless
 * encoder would write for it (WTF-8, e.g. %ED%A0%80): invalid UTF-8 for the server to decode.
 */
export function encodeLoosely(text: string): string {
  let out = "";
  for (const char of text) {
    try {
      out += encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`).join("");
    }
  }
  return out;
}

function queryArbitrary(
  params: OpenApiParameter[],
  doc: OpenApiDocument,
  options: ArbitraryOptions,
  hostile: boolean,
): fc.Arbitrary<string> {
  const entries = params.map((param) => {
    const value = schemaArbitrary(param.schema ?? {}, doc, {
      ...options,
      hostile,
      name: param.name,
    });
    const one = value.map((v) => {
      // Arrays of a query parameter are its repeated key.
      if (Array.isArray(v)) return v.map((item) => [param.name, asText(item)] as [string, string]);
      return [[param.name, asText(v)] as [string, string]];
    });
    if (!hostile) {
      return param.required ? one : fc.oneof(one, fc.constant([] as [string, string][]));
    }
    // Required parameters go missing now and then, optional ones often.
    const presence = param.required ? 9 : 1;
    return fc.oneof(
      { weight: presence, arbitrary: one },
      { weight: 1, arbitrary: fc.constant([] as [string, string][]) },
      {
        weight: 1,
        arbitrary: fc.tuple(one, one).map(([a, b]) => [...a, ...b]),
      },
    );
  });
  const junk = fc.oneof(
    { weight: 8, arbitrary: fc.constant([] as [string, string][]) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom("__proto__", "constructor[prototype][isAdmin]", "__proto__[isAdmin]", "x"),
        hostileString(),
      ).map(([k, v]) => [[k, v]] as [string, string][]),
    },
  );
  return fc.tuple(fc.tuple(...entries), hostile ? junk : fc.constant([])).map(([lists, extra]) => {
    const search = new URLSearchParams();
    for (const [name, value] of [...lists.flat(), ...extra]) search.append(name, value);
    const text = search.toString();
    return text ? `?${text}` : "";
  });
}

/** Bodies that are not the JSON the operation wants at the byte level. */
const BROKEN_BODIES = [
  "",
  "{",
  "[",
  '{"a":',
  "nul",
  "{'single':'quotes'}",
  '{"a":1,}',
  "\uFEFF{}",
  '{"a":"\\ud800"}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  "[".repeat(100_000) + "]".repeat(100_000),
  '{"a":'.repeat(20_000) + "1" + "}".repeat(20_000),
  "1e999",
  '"just a string"',
  "null",
  "true",
  "0",
  "\u0000",
];

function bodyArbitrary(
  schema: JsonSchema | undefined,
  doc: OpenApiDocument,
  options: ArbitraryOptions,
  hostile: boolean,
): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const json = (body: fc.Arbitrary<string>) =>
    body.map((text) => ({ body: text, contentType: "application/json" }));
  if (!hostile) {
    return schema ? json(schemaArbitrary(schema, doc, options).map(toJsonText)) : fc.constant({});
  }
  const wrongType = fc.tuple(
    fc.constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/json; charset=utf-16",
      "application/jsonx",
    ),
    fc.constantFrom('{"a":1}', "a=1&b=2", "<x/>"),
  ).map(([contentType, body]) => ({ body, contentType }));
  const broken = json(fc.constantFrom(...BROKEN_BODIES));
  const none = fc.constant({});
  if (!schema) {
    return fc.oneof(
      { weight: 6, arbitrary: none },
      { weight: 1, arbitrary: json(hostileValue().map(toJsonText)) },
      { weight: 1, arbitrary: broken },
      { weight: 1, arbitrary: wrongType },
    );
  }
  const valid = schemaArbitrary(schema, doc, options);
  const mutated = schemaArbitrary(schema, doc, { ...options, hostile: true });
  return fc.oneof(
    { weight: 3, arbitrary: json(valid.map(toJsonText)) },
    { weight: 6, arbitrary: json(mutated.map(toJsonText)) },
    { weight: 1, arbitrary: json(hostileValue().map(toJsonText)) },
    { weight: 1, arbitrary: broken },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: none },
  );
}

/**
 * Requests for one operation: its path parameters, query and body from its schemas. One in three
 * is well-formed throughout (values of the schema or known ones, required parameters present),
 * to get past validation into the services; the others carry hostile values anywhere, missing
 * and repeated parameters, broken JSON and wrong content types.
 */
export function requestArbitrary(
  op: Operation,
  doc: OpenApiDocument,
  options: ArbitraryOptions = {},
): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 1, arbitrary: requestsOf(op, doc, options, false) },
    { weight: 2, arbitrary: requestsOf(op, doc, options, true) },
  );
}

function requestsOf(
  op: Operation,
  doc: OpenApiDocument,
  options: ArbitraryOptions,
  hostile: boolean,
): fc.Arbitrary<FuzzRequest> {
  const segments = op.pathParams.map((param) => {
    const value = schemaArbitrary(param.schema ?? {}, doc, {
      ...options,
      hostile,
      name: param.name,
    });
    return (hostile ? pathSegmentArbitrary(value) : value.map((v) => encodeLoosely(asText(v))))
      .map((segment) => [param.name, segment] as const);
  });
  // Fetch refuses a body on GET and HEAD; every other method may carry one, wanted or not.
  const body = op.method === "GET" || op.method === "HEAD"
    ? fc.constantFrom<{ body?: string; contentType?: string }>({}, {
      contentType: "application/json",
    })
    : bodyArbitrary(op.bodySchema, doc, options, hostile);
  return fc.tuple(
    fc.tuple(...segments),
    queryArbitrary(op.queryParams, doc, options, hostile),
    body,
  ).map(([pathValues, query, { body, contentType }]) => {
    const values = Object.fromEntries(pathValues);
    const headers: Record<string, string> = {};
    if (contentType) headers["Content-Type"] = contentType;
    return {
      method: op.method,
      url: fillPath(op.path, values, (v) => v) + query,
      headers,
      body,
    };
  });
}

/**
 * The smallest query string a client would send: each required parameter with a plain value
 * (the minimum, the first of an enum, a known value by name, or "x"), optional ones left out.
 */
export function minimalQuery(
  op: Operation,
  doc: OpenApiDocument,
  known: Record<string, string> = {},
): string {
  const search = new URLSearchParams();
  for (const param of op.queryParams) {
    if (param.name in known) {
      search.set(param.name, known[param.name]);
      continue;
    }
    if (!param.required) continue;
    search.set(param.name, exampleText(resolveSchema(param.schema ?? {}, doc), doc));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function exampleText(schema: JsonSchema, doc: OpenApiDocument): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return exampleText(resolveSchema(alternative, doc), doc);
  switch ([schema.type].flat()[0]) {
    case "integer":
    case "number":
      return String(schema.minimum ?? 1);
    case "boolean":
      return "true";
  }
  if (schema.format === "date") return "2026-11-20";
  if (schema.format === "date-time") return "2026-11-20T10:00:00.000Z";
  return "x";
}
