/**
 * Browser tests of properties and stays: calendars, reservations, import, the door sheet, team,
 * unit types.
 * They share one stack and one Chromium, one test after another (tests/support/shared-stack.ts);
 * the group runs in parallel with the other test files.
 */
import "./calendars.browser.ts";
import "./reservations.browser.ts";
import "./reservation-import.browser.ts";
import "./properties.browser.ts";
import "./qr-sheet.browser.ts";
import "./team-access.browser.ts";
import "./unit-type-names.browser.ts";
import "./stay-picker-keyboard.browser.ts";
