/**
 * Browser tests of the host's account: sign-up and sign-in, profile, tokens, history, plans.
 * They share one stack and one Chromium, one test after another (tests/support/shared-stack.ts);
 * the group runs in parallel with the other test files.
 */
import "./accounts.browser.ts";
import "./account-area.browser.ts";
import "./api-tokens.browser.ts";
import "./history.browser.ts";
import "./host-app.browser.ts";
import "./subscriptions.browser.ts";
import "./narrow-pages.browser.ts";
