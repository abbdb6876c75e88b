/**
 * Browser tests of the host app's shell, every host page on a phone, API tokens and plans.
 * They share one stack and one Chromium, one test after another (tests/support/shared-stack.ts);
 * the group runs in parallel with the other test files.
 */
import "./host-app.browser.ts";
import "./narrow-pages.browser.ts";
import "./api-tokens.browser.ts";
import "./subscriptions.browser.ts";
import "./landmarks.browser.ts";
import "./app-install.browser.ts";
import "./push.browser.ts";
