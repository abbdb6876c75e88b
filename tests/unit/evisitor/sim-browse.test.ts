import assert from "node:assert/strict";
import { read, type Row } from "../../../dev/evisitor-sim/browse.ts";
import { dotNetDate, instantOf } from "../../../dev/evisitor-sim/clock.ts";
import { Answer } from "../../../dev/evisitor-sim/responses.ts";

const columns = ["ID", "Name", "Active", "Arrival", "Beds"];
const rows: Row[] = [
  {
    ID: "a",
    Name: "Šibenik",
    Active: true,
    Arrival: dotNetDate(instantOf("2026-07-01", "12:00")),
    Beds: 4,
  },
  {
    ID: "b",
    Name: "Split",
    Active: false,
    Arrival: dotNetDate(instantOf("2026-07-10", "09:00")),
    Beds: 2,
  },
  {
    ID: "c",
    Name: "Zadar",
    Active: true,
    Arrival: dotNetDate(instantOf("2026-08-01", "00:00")),
    Beds: 6,
  },
];

function query(params: Record<string, unknown>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    search.set(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  return read("Test", columns, rows, search);
}

async function systemMessage(fn: () => unknown): Promise<string> {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof Answer);
    assert.equal(error.response.status, 400);
    return (await error.response.json()).SystemMessage;
  }
  throw new Error("expected a refusal");
}

const ids = (result: { records: Row[] }) => result.records.map((r) => r.ID);

Deno.test("sim browse: filters combine, strings compare case-insensitively", () => {
  assert.deepEqual(
    ids(query({ filters: [{ Property: "Name", Operation: "equal", Value: "split" }] })),
    ["b"],
  );
  assert.deepEqual(
    ids(query({
      filters: [
        { Property: "Active", Operation: "equal", Value: "true" },
        { Property: "Beds", Operation: "greater", Value: 4 },
      ],
    })),
    ["c"],
  );
  // Case-insensitive but accent-sensitive, like SQL Server's CI_AS collations: Š is not S.
  assert.deepEqual(
    ids(query({ filters: [{ Property: "Name", Operation: "StartsWith", Value: "s" }] })),
    ["b"],
  );
  assert.deepEqual(
    ids(query({ filters: [{ Property: "Name", Operation: "startswith", Value: "š" }] })),
    ["a"],
  );
  assert.deepEqual(
    ids(query({ filters: [{ Property: "ID", Operation: "in", Value: ["a", "c"] }] })),
    ["a", "c"],
  );
});

Deno.test("sim browse: date filters take .NET dates, local ISO text and datein", () => {
  const from = dotNetDate(instantOf("2026-07-10"));
  assert.deepEqual(
    ids(query({ filters: [{ Property: "Arrival", Operation: "greaterequal", Value: from }] })),
    ["b", "c"],
  );
  assert.deepEqual(
    ids(
      query({
        filters: [{ Property: "Arrival", Operation: "less", Value: "2026-07-10T00:00:00" }],
      }),
    ),
    ["a"],
  );
  assert.deepEqual(
    ids(query({ filters: [{ Property: "Arrival", Operation: "datein", Value: "2026-07" }] })),
    ["a", "b"],
  );
});

Deno.test("sim browse: sort and paging with a total count", () => {
  const result = query({ sort: "Beds desc", page: "1", psize: "2" });
  assert.deepEqual(ids(result), ["c", "a"]);
  assert.equal(result.totalCount, 3);
  assert.deepEqual(ids(query({ sort: "Name", top: "1", skip: "1" })), ["a"]);
  assert.deepEqual(ids(query({ sort: "Name" })), ["b", "a", "c"], "Š sorts after S in Croatian");
});

Deno.test("sim browse: Rhetos' refusals", async () => {
  assert.match(
    await systemMessage(() => query({ page: "1", psize: "2" })),
    /Sort order must be set if paging is used/,
  );
  assert.match(
    await systemMessage(() => query({ sort: "Name", page: "1", top: "2" })),
    /Use either 'top' and 'skip', or 'page' and 'psize'/,
  );
  assert.equal(
    await systemMessage(() =>
      query({ filters: [{ Property: "Nope", Operation: "equal", Value: 1 }] })
    ),
    "Invalid generic filter parameter: Type 'Common.Queryable.Htz_Test' does not have property 'Nope'.",
  );
  assert.equal(
    await systemMessage(() =>
      query({ filters: [{ Property: "Name", Operation: "like", Value: "x" }] })
    ),
    "Unsupported generic filter operation 'like' on a property.",
  );
});
