/**
 * Browser tests of the public site: landing, legal pages, contact, cookies, English, phones.
 * They share one stack and one Chromium, one test after another (tests/support/shared-stack.ts);
 * the group runs in parallel with the other test files.
 */
import "./landing.browser.ts";
import "./legal.browser.ts";
import "./contact.browser.ts";
import "./cookie-consent.browser.ts";
import "./english.browser.ts";
import "./narrow-public-admin.browser.ts";
