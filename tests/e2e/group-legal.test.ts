/**
 * Browser tests of the legal pages, the contact form and an English visitor's way to an order.
 * They share one stack and one Chromium, one test after another (tests/support/shared-stack.ts);
 * the group runs in parallel with the other test files.
 */
import "./legal.browser.ts";
import "./contact.browser.ts";
import "./english.browser.ts";
