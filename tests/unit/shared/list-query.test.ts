import assert from "node:assert/strict";
import { ReservationFilter } from "../../../shared/enums.ts";
import { MESSAGES, messageText } from "../../../shared/messages.ts";
import {
  GuestListQuery,
  PropertyListQuery,
  PurchaseRequestListQuery,
  ReservationListQuery,
  UserListQuery,
} from "../../../shared/schemas/list-query.ts";

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), messageText(i.message)]) ?? [];

Deno.test("page numbers from a query string become numbers; SortBy and Scope have defaults", () => {
  assert.deepEqual(
    PropertyListQuery.parse({ PageNumber: "2", PageSize: "10", SearchValue: " ana " }),
    { PageNumber: 2, PageSize: 10, SortBy: "name", SearchValue: "ana", Scope: "All" },
  );
  assert.equal(
    PropertyListQuery.parse({ PageNumber: "1", PageSize: "10", Scope: "Shared" }).Scope,
    "Shared",
  );
  assert.equal(
    PropertyListQuery.safeParse({ PageNumber: "1", PageSize: "10", Scope: "Theirs" }).success,
    false,
  );
});

Deno.test("page number 0, fractions, text and absence are refused with the number messages", () => {
  const list = PropertyListQuery;
  assert.deepEqual(messagesOf(list.safeParse({ PageNumber: "0", PageSize: "10" })), [
    ["PageNumber", "The value must be at least 1"],
  ]);
  assert.deepEqual(messagesOf(list.safeParse({ PageNumber: "1.5", PageSize: "10" })), [
    ["PageNumber", MESSAGES.numberWhole],
  ]);
  assert.deepEqual(messagesOf(list.safeParse({ PageNumber: "two", PageSize: "10" })), [
    ["PageNumber", MESSAGES.numberInvalid],
  ]);
  assert.deepEqual(messagesOf(list.safeParse({ PageSize: "10" })), [
    ["PageNumber", MESSAGES.numberRequired],
  ]);
  assert.deepEqual(messagesOf(list.safeParse({ PageNumber: "1", PageSize: "1000" })), [
    ["PageSize", "The value must be at most 100"],
  ]);
});

Deno.test("a sort column the list does not have is refused with the spec's message", () => {
  assert.deepEqual(
    messagesOf(PropertyListQuery.safeParse({ PageNumber: "1", PageSize: "10", SortBy: "email" })),
    [["SortBy", MESSAGES.invalidType]],
  );
});

Deno.test("SortDescending reads query-string booleans, false included; newest first by default", () => {
  const base = { PageNumber: "1", PageSize: "20" };
  assert.equal(UserListQuery.parse({ ...base, SortDescending: "false" }).SortDescending, false);
  assert.equal(UserListQuery.parse({ ...base, SortDescending: "true" }).SortDescending, true);
  assert.equal(UserListQuery.parse(base).SortDescending, true);
  assert.equal(UserListQuery.safeParse({ ...base, SortDescending: "maybe" }).success, false);
  assert.equal(PurchaseRequestListQuery.parse({ ...base, Status: "2", Mine: "true" }).Status, 2);
});

Deno.test("the guest list needs its property", () => {
  assert.deepEqual(messagesOf(GuestListQuery.safeParse({ PageNumber: "1", PageSize: "20" })), [
    ["PropertyId", "The parameter 'PropertyId' must be defined."],
  ]);
});

Deno.test("reservation filters: one or many statuses, numeric filter from text", () => {
  const base = { PageNumber: "1", PageSize: "20" };
  const one = ReservationListQuery.parse({ ...base, ReservationStatuses: "Active" });
  assert.deepEqual(one.ReservationStatuses, ["Active"]);
  assert.equal(one.ReservationFilter, ReservationFilter.All);
  assert.equal(one.SortDescending, false);
  const many = ReservationListQuery.parse({
    ...base,
    ReservationStatuses: ["Active", "CheckedIn"],
    ReservationFilter: "2",
  });
  assert.deepEqual(many.ReservationStatuses, ["Active", "CheckedIn"]);
  assert.equal(many.ReservationFilter, ReservationFilter.Ongoing);
  assert.equal(ReservationListQuery.safeParse({ ...base, ReservationFilter: "9" }).success, false);
  assert.equal(
    ReservationListQuery.safeParse({ ...base, ReservationStatuses: "Sleeping" }).success,
    false,
  );
});
