import assert from "node:assert/strict";
import { describeUserAgent, isUserAgentDescription } from "@core/platform/user-agent.ts";

Deno.test("a browser's User-Agent header reads as the browser, its version and the system", () => {
  const cases: [string, string][] = [
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome 131 · Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      "Microsoft Edge 131 · Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari 18 · iOS",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
      "Safari 17 · macOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      "Samsung Internet for Android 26 · Android",
    ],
    [
      "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Firefox 133 · Linux",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
      "Chrome 156 · Linux",
    ],
  ];
  for (const [agent, expected] of cases) {
    assert.equal(describeUserAgent(agent), expected, agent);
    assert.ok(isUserAgentDescription(expected), expected);
    assert.ok(!isUserAgentDescription(agent), "a header is not a description");
  }
});

Deno.test("an agent naming no known browser or system keeps none of its text", () => {
  for (
    const agent of [
      "curl/8.5.0",
      "<script>alert(1)</script>/1.0 (<img src=x onerror=alert(2)>)",
      "<b>Your account is blocked</b> call +385 1 234 5678/1 (now)",
      "x".repeat(100_000),
      "",
      "   ",
      undefined,
    ]
  ) {
    assert.equal(describeUserAgent(agent), null, String(agent).slice(0, 60));
  }
  // A known browser among other text: only the names and the version's digits are kept.
  assert.equal(
    describeUserAgent("Mozilla/5.0 (Windows NT 10.0) <i>pwned</i> Chrome/130.0.1 Safari/537.36"),
    "Chrome 130 · Windows",
  );
  assert.equal(describeUserAgent("Chrome/99999999.0 (<i>pwned</i>)"), "Chrome");
});
