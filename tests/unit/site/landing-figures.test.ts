/**
 * Issue 32, item 9: the landing page's figures were fixed in the translation files. They are now
 * the operator's, read from the environment when the site is built (README, "Configuration"),
 * with the specification's claims as defaults, and formatted in each language of the page.
 */
import assert from "node:assert/strict";
import {
  formatLandingFigures,
  landingFigures,
} from "../../../site/src/lib/landing/landing-figures.ts";

Deno.test("unset, the figures are the specification's claims, in each language's format", () => {
  const figures = landingFigures({});
  assert.deepEqual(figures, { properties: 500, guests: 10_000, timeSavedPercent: 95, rating: 4.9 });
  assert.deepEqual(formatLandingFigures(figures, "hr"), {
    properties: "500",
    guests: "10.000",
    timeSaved: "95\u00a0%",
    rating: "4,9",
  });
  assert.deepEqual(formatLandingFigures(figures, "en"), {
    properties: "500",
    guests: "10,000",
    timeSaved: "95%",
    rating: "4.9",
  });
});

Deno.test("the operator's figures replace them; a bad one names its variable", () => {
  const figures = landingFigures({
    LANDING_PROPERTIES: "1250",
    LANDING_GUESTS: "48000",
    LANDING_TIME_SAVED_PERCENT: "90",
    LANDING_RATING: "4.8",
    LANDING_UNRELATED: "x",
  });
  assert.deepEqual(formatLandingFigures(figures, "hr"), {
    properties: "1.250",
    guests: "48.000",
    timeSaved: "90\u00a0%",
    rating: "4,8",
  });
  assert.deepEqual(formatLandingFigures(figures, "en"), {
    properties: "1,250",
    guests: "48,000",
    timeSaved: "90%",
    rating: "4.8",
  });
  assert.equal(landingFigures({ LANDING_RATING: "" }).rating, 4.9, "empty is unset");
  for (
    const [variable, value] of [
      ["LANDING_GUESTS", "10.000"],
      ["LANDING_GUESTS", "lots"],
      ["LANDING_PROPERTIES", "-5"],
      ["LANDING_TIME_SAVED_PERCENT", "101"],
      ["LANDING_RATING", "4,9"],
      ["LANDING_RATING", "4.85"],
      ["LANDING_RATING", "6"],
    ]
  ) {
    assert.throws(() => landingFigures({ [variable]: value }), new RegExp(`^Error: ${variable} `));
  }
});
