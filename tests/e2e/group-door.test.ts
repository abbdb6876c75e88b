/**
 * Browser tests of the guests' door: the check-in page, the door code and walk-ins.
 * They share one stack and one Chromium, one test after another (tests/support/shared-stack.ts);
 * the group runs in parallel with the other test files.
 */
import "./checkin-door.browser.ts";
import "./door-code.browser.ts";
import "./walk-in.browser.ts";
