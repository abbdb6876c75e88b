/**
 * Issue 17: the calendar fetcher's SSRF guard reads the IPv4-translated IPv6 spelling
 * (`::ffff:0:a.b.c.d`, RFC 2765) as the IPv4 address it reaches, like the mapped one.
 */
import assert from "node:assert/strict";
import { forbiddenRange } from "../../workers/calendar-sync/address-guard.ts";

Deno.test("IPv4-translated IPv6 addresses are classified by their IPv4 address", () => {
  const cases: [string, string | null][] = [
    ["::ffff:0:127.0.0.1", "loopback"],
    ["::ffff:0:7f00:1", "loopback"],
    ["[::ffff:0:169.254.169.254]", "link-local"],
    ["::ffff:0:10.1.2.3", "private"],
    ["0:0:0:0:ffff:0:c0a8:101", "private"],
    ["::ffff:0:100.64.0.1", "cgnat"],
    ["::ffff:0:0.0.0.0", "this-network"],
    ["::ffff:0:93.184.216.34", null],
  ];
  for (const [address, range] of cases) {
    assert.equal(forbiddenRange(address), range, address);
  }
});
