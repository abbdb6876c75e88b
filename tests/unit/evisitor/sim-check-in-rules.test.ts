import assert from "node:assert/strict";
import {
  checkInRules,
  MESSAGES,
  type RuleContext,
} from "../../../dev/evisitor-sim/check-in-rules.ts";
import { checkOutRules, MESSAGES as OUT } from "../../../dev/evisitor-sim/check-out-rules.ts";
import { DEFAULT_SEED, loadSeed, type Registration } from "../../../dev/evisitor-sim/state.ts";
import { checkInBody } from "@core/evisitor/tourists.ts";
import { demoCheckIn, SIM_TODAY } from "../../support/evisitor-sim.ts";
import type { EVisitorCheckIn } from "@core/evisitor/types.ts";

const seed = await loadSeed(DEFAULT_SEED);
const facilities = seed.hosts[0].facilities;

function context(registrations: Registration[] = []): RuleContext {
  return {
    facilities,
    registrations,
    today: SIM_TODAY,
    retroactiveDays: 15,
    maxStayDays: 90,
    allowFutureArrival: true,
  };
}

function verdict(overrides: Partial<EVisitorCheckIn> = {}, ctx = context()) {
  return checkInRules(checkInBody(demoCheckIn(overrides)), ctx);
}

function refusal(result: ReturnType<typeof verdict>): string {
  assert.equal(result.ok, false, "expected a refusal");
  return (result as { message: string }).message;
}

function registered(
  overrides: Partial<EVisitorCheckIn> = {},
  status: Registration["status"] = "active",
): Registration {
  const result = verdict(overrides);
  assert.ok(result.ok);
  return {
    id: result.value.fields.ID,
    username: "12345678901.api",
    facilityId: result.value.facility.id,
    fields: result.value.fields,
    status,
    applicationNumber: 1,
  };
}

Deno.test("sim: a complete check-in is accepted with its fields normalised", () => {
  const result = verdict();
  assert.ok(result.ok);
  assert.equal(result.value.fields.StayFrom, SIM_TODAY);
  assert.equal(result.value.facility.code, "0012345");
  assert.equal(result.value.existing, undefined);
});

Deno.test("sim: no ID gives the wrapped 'Nije zadan ID.'", () => {
  const body = checkInBody(demoCheckIn());
  delete body.ID;
  const result = checkInRules(body, context());
  assert.equal(result.ok, false);
  assert.equal((result as { message: string }).message, MESSAGES.noId);
  assert.equal((result as { wrap: boolean }).wrap, true);
});

Deno.test("sim: a missing required field is named", () => {
  const body = checkInBody(demoCheckIn());
  delete body.TouristSurname;
  const result = checkInRules(body, context());
  assert.equal(result.ok, false);
  assert.equal((result as { message: string }).message, MESSAGES.required);
  assert.deepEqual((result as { params: string[] }).params, ["TouristSurname"]);
});

Deno.test("sim: missing cities use the wiki's messages", () => {
  assert.equal(refusal(verdict({ cityOfBirth: "" })), MESSAGES.noCityOfBirth);
  assert.equal(refusal(verdict({ cityOfResidence: "" })), MESSAGES.noCityOfResidence);
});

Deno.test("sim: a Croatian city must be a settlement of the code list, a foreign one is free", () => {
  const croatian = { countryOfBirth: "HRV", countryOfResidence: "HRV", citizenship: "HRV" };
  assert.ok(
    verdict({ ...croatian, cityOfBirth: "Split-Kamen", cityOfResidence: "Zagreb-Zagreb" }).ok,
  );
  // Case and surrounding spaces aside, as eVisitor's text matching.
  assert.ok(
    verdict({ ...croatian, cityOfBirth: "split-kamen ", cityOfResidence: "ZAGREB-ADAMOVEC" }).ok,
  );
  // A plain city name, a settlement of another city and an inactive entry do not resolve.
  for (const city of ["Zagreb", "Split-Adamovec", "Zadar-Bokanjac"]) {
    assert.equal(
      refusal(verdict({ ...croatian, cityOfBirth: "Split-Split", cityOfResidence: city })),
      MESSAGES.noCityOfResidence,
      city,
    );
  }
  assert.equal(
    refusal(verdict({ ...croatian, cityOfBirth: "Zagreb", cityOfResidence: "Zagreb-Zagreb" })),
    MESSAGES.noCityOfBirth,
  );
  // Born abroad, living in Croatia: only the residence is a settlement.
  assert.ok(
    verdict({
      ...croatian,
      countryOfBirth: "DEU",
      cityOfBirth: "Köln",
      cityOfResidence: "Pula-Pula",
    }).ok,
  );
  assert.ok(verdict({ cityOfBirth: "Zagreb", cityOfResidence: "Zagreb" }).ok, "not Croatian");
});

Deno.test("sim: departure before arrival, or same day at an earlier time, is refused", () => {
  assert.equal(refusal(verdict({ foreseenStayUntil: "2026-07-09" })), MESSAGES.dateOrder);
  assert.equal(
    refusal(verdict({ foreseenStayUntil: SIM_TODAY, timeEstimatedStayUntil: "09:42" })),
    MESSAGES.timeOrder,
  );
  assert.ok(verdict({ foreseenStayUntil: SIM_TODAY, timeEstimatedStayUntil: "09:43" }).ok);
});

Deno.test("sim: stays longer than the maximum are refused", () => {
  assert.ok(verdict({ foreseenStayUntil: "2026-10-08" }).ok); // 90 days
  assert.equal(refusal(verdict({ foreseenStayUntil: "2026-10-09" })), MESSAGES.maxStay);
});

Deno.test("sim: the retroactive window refuses today minus 15 days but not minus 14", () => {
  assert.ok(verdict({ stayFrom: "2026-06-26" }).ok);
  assert.equal(refusal(verdict({ stayFrom: "2026-06-25" })), MESSAGES.retroactive);
});

Deno.test("sim: residents outside the EU need a border crossing and a passage date", () => {
  assert.equal(refusal(verdict({ countryOfResidence: "BIH" })), MESSAGES.borderCrossing);
  assert.equal(
    refusal(verdict({ countryOfResidence: "BIH", borderCrossing: "053" })),
    MESSAGES.borderCrossing,
  );
  assert.ok(
    verdict({ countryOfResidence: "BIH", borderCrossing: "053", passageDate: SIM_TODAY }).ok,
  );
});

Deno.test("sim: the tax category must be allowed for the facility", () => {
  // 16 is allowed for the vacation house only.
  assert.equal(refusal(verdict({ ttPaymentCategory: "16" })), MESSAGES.categoryNotAllowed);
  assert.ok(
    verdict({ ttPaymentCategory: "16", facilityCode: "0007001", accommodationUnitType: undefined })
      .ok,
  );
});

Deno.test("sim: the vacation home offers its own categories, and age-bound ones fit the age", () => {
  const house = { facilityCode: "0007001", accommodationUnitType: undefined };
  assert.equal(
    refusal(verdict({ ...house, ttPaymentCategory: "14" })),
    MESSAGES.categoryNotAllowed,
  );
  assert.equal(refusal(verdict({ ttPaymentCategory: "1" })), MESSAGES.categoryAge, "an adult");
  assert.equal(
    refusal(verdict({ ttPaymentCategory: "2", dateOfBirth: "2014-07-11" })),
    MESSAGES.categoryAge,
    "11 on arrival",
  );
  assert.ok(verdict({ ttPaymentCategory: "2", dateOfBirth: "2014-07-10" }).ok, "12 on arrival");
  assert.ok(verdict({ ttPaymentCategory: "1", dateOfBirth: "2014-07-11" }).ok);
});

Deno.test("sim: a facility code must be the host's own, leading zeros included", () => {
  assert.equal(refusal(verdict({ facilityCode: "12345" })), MESSAGES.unknownFacility);
  assert.equal(refusal(verdict({ facilityCode: "0000815" })), MESSAGES.unknownFacility);
});

Deno.test("sim: flat rate only for vacation homes before 15 July and EEA citizens", () => {
  const house = {
    facilityCode: "0007001",
    accommodationUnitType: undefined,
    ttPaymentCategory: "16",
    isTTFlatRatePaymentVacationHome: true,
  };
  assert.ok(verdict(house).ok);
  assert.equal(
    refusal(verdict({ ...house, facilityCode: "0012345", ttPaymentCategory: "14" })),
    MESSAGES.flatRateFacility,
  );
  assert.equal(refusal(verdict({ ...house, citizenship: "CHE" })), MESSAGES.flatRateCitizen);
  const july16 = { ...context(), today: "2026-07-16" };
  assert.equal(
    refusal(verdict({ ...house, stayFrom: "2026-07-16", foreseenStayUntil: "2026-07-20" }, july16)),
    MESSAGES.flatRateFacility,
  );
});

Deno.test("sim: the same person active twice in one facility is a duplicate", () => {
  const first = registered();
  assert.equal(refusal(verdict({}, context([first]))), MESSAGES.duplicate);
  // Not once the first stay is checked out, nor in another facility.
  assert.ok(verdict({}, context([{ ...first, status: "checked-out" }])).ok);
  assert.ok(
    verdict(
      { facilityCode: "0007001", accommodationUnitType: undefined, ttPaymentCategory: "16" },
      context([first]),
    ).ok,
  );
});

Deno.test("sim: re-sending an active ID edits it, but never its arrival", () => {
  const first = registered();
  const again = checkInRules({ ...checkInBody(demoCheckIn()), ID: first.id }, context([first]));
  assert.ok(again.ok);
  assert.equal(again.value.existing?.id, first.id);
  const moved = checkInRules(
    { ...checkInBody(demoCheckIn({ timeStayFrom: "11:00" })), ID: first.id },
    context([first]),
  );
  assert.equal(refusal(moved), MESSAGES.arrivalFixed);
  const afterCheckOut = checkInRules(
    { ...checkInBody(demoCheckIn()), ID: first.id },
    context([{ ...first, status: "checked-out" }]),
  );
  assert.equal(refusal(afterCheckOut), MESSAGES.notActive);
});

Deno.test("sim: an edit moves the departure, never the arrival date", () => {
  const first = registered();
  const later = checkInRules(
    { ...checkInBody(demoCheckIn({ foreseenStayUntil: "2026-07-20" })), ID: first.id },
    context([first]),
  );
  assert.ok(later.ok);
  assert.equal(later.value.fields.ForeseenStayUntil, "2026-07-20", "the new departure is kept");
  assert.equal(later.value.fields.StayFrom, first.fields.StayFrom);
  const earlierArrival = checkInRules(
    {
      ...checkInBody(demoCheckIn({ stayFrom: "2026-07-01", foreseenStayUntil: "2026-07-20" })),
      ID: first.id,
    },
    context([first]),
  );
  assert.equal(refusal(earlierArrival), MESSAGES.arrivalFixed);
});

Deno.test("sim: codes must come from the code lists", () => {
  assert.equal(refusal(verdict({ documentType: "2" })), MESSAGES.badCode);
  assert.equal(refusal(verdict({ countryOfBirth: "SK" })), MESSAGES.badCode);
  assert.equal(refusal(verdict({ gender: "M" as never })), MESSAGES.badCode);
  assert.ok(verdict({ gender: "Ženski" as never }).ok, "gender is matched case-insensitively");
  assert.ok(verdict({ offeredServiceType: "noćenje" }).ok, "service names too");
});

Deno.test("sim: check-out must be between arrival and today, inside the window", () => {
  const stay = registered({ stayFrom: "2026-07-01", foreseenStayUntil: "2026-07-09" });
  const out = (date: string, time = "10:00") =>
    checkOutRules(
      { ID: stay.id, CheckOutDate: date.replaceAll("-", ""), CheckOutTime: time },
      [stay],
      SIM_TODAY,
      15,
    );
  assert.ok(out("2026-07-09").ok);
  assert.ok(out(SIM_TODAY).ok);
  assert.equal((out("2026-06-30") as { message: string }).message, OUT.beforeArrival);
  assert.equal((out("2026-07-11") as { message: string }).message, OUT.afterToday);
  const checkedOut = { ...stay, status: "checked-out" as const };
  const twice = checkOutRules(
    { ID: stay.id, CheckOutDate: "20260709", CheckOutTime: "10:00" },
    [checkedOut],
    SIM_TODAY,
    15,
  );
  assert.equal((twice as { message: string }).message, OUT.alreadyCheckedOut);
});
