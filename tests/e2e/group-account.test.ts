/**
 * Browser tests of the host's account: sign-up and sign-in, the account area, its history.
 * They share one stack and one Chromium, one test after another (tests/support/shared-stack.ts);
 * the group runs in parallel with the other test files.
 */
import "./accounts.browser.ts";
import "./account-area.browser.ts";
import "./history.browser.ts";
