/**
 * Browser tests of the public site as a visitor meets it: landing, cookies, every page on phones.
 * They share one stack and one Chromium, one test after another (tests/support/shared-stack.ts);
 * the group runs in parallel with the other test files.
 */
import "./landing.browser.ts";
import "./cookie-consent.browser.ts";
import "./narrow-public-admin.browser.ts";
import "./system-theme.browser.ts";
