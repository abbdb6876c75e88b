import assert from "node:assert/strict";
import { ReservationFilter } from "../../../shared/enums.ts";
import { MESSAGES } from "../../../shared/messages.ts";
import {
  GuestListQuery,
  ListQuery,
  ReservationListQuery,
  SortedListQuery,
} from "../../../shared/schemas/list-query.ts";

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

Deno.test("page numbers from a query string become numbers", () => {
  assert.deepEqual(ListQuery.parse({ pageNumber: "2", pageSize: "10", searchValue: " ana " }), {
    pageNumber: 2,
    pageSize: 10,
    searchValue: "ana",
  });
});

Deno.test("page number 0, fractions, text and absence are refused with the number messages", () => {
  assert.deepEqual(messagesOf(ListQuery.safeParse({ pageNumber: "0", pageSize: "10" })), [
    ["pageNumber", "The value must be at least 1"],
  ]);
  assert.deepEqual(messagesOf(ListQuery.safeParse({ pageNumber: "1.5", pageSize: "10" })), [
    ["pageNumber", MESSAGES.numberWhole],
  ]);
  assert.deepEqual(messagesOf(ListQuery.safeParse({ pageNumber: "two", pageSize: "10" })), [
    ["pageNumber", MESSAGES.numberInvalid],
  ]);
  assert.deepEqual(messagesOf(ListQuery.safeParse({ pageSize: "10" })), [
    ["pageNumber", MESSAGES.numberRequired],
  ]);
  assert.deepEqual(messagesOf(ListQuery.safeParse({ pageNumber: "1", pageSize: "1000" })), [
    ["pageSize", "The value must be at most 100"],
  ]);
});

Deno.test("sortDescending reads query-string booleans, false included", () => {
  const base = { pageNumber: "1", pageSize: "20" };
  assert.equal(SortedListQuery.parse({ ...base, sortDescending: "false" }).sortDescending, false);
  assert.equal(SortedListQuery.parse({ ...base, sortDescending: "true" }).sortDescending, true);
  assert.equal(SortedListQuery.parse(base).sortDescending, false);
  assert.equal(SortedListQuery.safeParse({ ...base, sortDescending: "maybe" }).success, false);
});

Deno.test("the guest list needs its property", () => {
  assert.deepEqual(messagesOf(GuestListQuery.safeParse({ pageNumber: "1", pageSize: "20" })), [
    ["propertyId", "The parameter 'propertyId' must be defined."],
  ]);
});

Deno.test("reservation filters: one or many statuses, numeric filter from text", () => {
  const base = { pageNumber: "1", pageSize: "20" };
  const one = ReservationListQuery.parse({ ...base, reservationStatuses: "Active" });
  assert.deepEqual(one.reservationStatuses, ["Active"]);
  assert.equal(one.reservationFilter, ReservationFilter.All);
  const many = ReservationListQuery.parse({
    ...base,
    reservationStatuses: ["Active", "CheckedIn"],
    reservationFilter: "2",
  });
  assert.deepEqual(many.reservationStatuses, ["Active", "CheckedIn"]);
  assert.equal(many.reservationFilter, ReservationFilter.Ongoing);
  assert.equal(ReservationListQuery.safeParse({ ...base, reservationFilter: "9" }).success, false);
  assert.equal(
    ReservationListQuery.safeParse({ ...base, reservationStatuses: "Sleeping" }).success,
    false,
  );
});
