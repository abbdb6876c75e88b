/**
 * Security headers on every response, a Content-Security-Policy the built site satisfies (checked
 * in Chromium), HSTS only over TLS, CORS closed unless an origin is listed, compressed API answers.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import type { Browser } from "playwright-core";
import {
  createPageHashes,
  inlineScriptHashes,
  pagePolicy,
  RESOURCE_POLICY,
  withSitePagePolicy,
  ZOD_JITLESS_SCRIPT,
} from "../../api/http/security/content-security-policy.ts";
import { HSTS, SECURITY_HEADERS } from "../../api/http/security/headers.ts";
import { createSiteHandler } from "../../api/http/static/site.ts";
import { todayIn } from "../../shared/local-date.ts";
import { launchBrowser } from "../support/browser.ts";
import { connectDemoEVisitor, e2eSession } from "../support/e2e.ts";
import { createTestApp, postJson } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { startStack, type TestStack } from "../support/stack.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

async function withApp(
  fn: (app: App) => Promise<void>,
  options: { trustProxy?: boolean; corsOrigins?: string[] } = {},
) {
  const database = await createTestDatabase();
  try {
    await fn(await createTestApp({ db: database.db, ...options }));
  } finally {
    await database.dispose();
  }
}

/** Directives of a policy by name: "script-src" → ["'self'", …]. */
function directives(policy: string | null): Map<string, string[]> {
  assert.ok(policy, "a Content-Security-Policy header");
  return new Map(
    policy.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]),
  );
}

function assertSecurityHeaders(res: Response, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    assert.equal(res.headers.get(name), value, `${what}: ${name}`);
  }
  const policy = directives(res.headers.get("Content-Security-Policy"));
  assert.deepEqual(policy.get("frame-ancestors"), ["'none'"], `${what}: frame-ancestors`);
  assert.equal(res.headers.get("Strict-Transport-Security"), null, `${what}: no HSTS over http`);
  assert.equal(res.headers.get("X-Powered-By"), null, what);
}

Deno.test("every kind of response carries the security headers", () =>
  withApp(async (app) => {
    const cases: [string, string | Request, number][] = [
      ["a page", "/", 200],
      ["a shell", "/prijava/rezervacija/ABCDEFGHJK", 200],
      ["the 404 page", "/no/such/page", 404],
      ["a redirect", "/prijava", 302],
      ["a page, HEAD", new Request("http://localhost/kontakt", { method: "HEAD" }), 200],
      ["JSON", "/api/openapi.json", 200],
      ["an API 404 (problem details)", "/api/no/such/route", 404],
      ["a validation failure", postJson("/api/Users/login", {}), 400],
      ["malformed JSON", postJson("/api/Users/login", "{"), 400],
      ["a 401", "/api/Users/manage/info", 401],
      ["health without NATS (503)", "/api/health", 503],
      ["the API reference", "/api/reference", 200],
      ["the API reference's script", "/api/reference/standalone.js", 200],
    ];
    for (const [what, request, status] of cases) {
      const res = await app.request(request);
      assert.equal(res.status, status, what);
      assertSecurityHeaders(res, what);
      await res.body?.cancel();
    }
  }));

Deno.test("pages get the page policy, everything else the policy under which nothing runs", () =>
  withApp(async (app) => {
    for (const path of ["/", "/no/such/page", "/api/reference"]) {
      const res = await app.request(path);
      const policy = directives(res.headers.get("Content-Security-Policy"));
      assert.deepEqual(policy.get("default-src"), ["'self'"], path);
      assert.equal(policy.get("script-src")?.[0], "'self'", path);
      for (const value of policy.get("script-src") ?? []) {
        assert.match(value, /^'self'$|^'sha256-[A-Za-z0-9+/]{43}='$/, `${path}: ${value}`);
      }
      assert.deepEqual(policy.get("object-src"), ["'none'"], path);
      assert.deepEqual(policy.get("base-uri"), ["'self'"], path);
      assert.deepEqual(policy.get("form-action"), ["'self'"], path);
      assert.deepEqual(policy.get("connect-src"), ["'self'"], path);
      await res.body?.cancel();
    }
    // The reference page's inline scripts (zod's setting, then the start-up) are allowed by hash.
    const reference = await app.request("/api/reference");
    const html = await reference.text();
    assert.ok(html.includes(`<script>${ZOD_JITLESS_SCRIPT}</script>`));
    const hashes = await inlineScriptHashes(html);
    assert.equal(hashes.length, 2);
    for (const hash of hashes) {
      assert.ok(reference.headers.get("Content-Security-Policy")?.includes(`'sha256-${hash}'`));
    }

    for (
      const path of ["/api/openapi.json", "/api/no/such/route", "/api/reference/standalone.js"]
    ) {
      const res = await app.request(path);
      assert.equal(res.headers.get("Content-Security-Policy"), RESOURCE_POLICY, path);
      await res.body?.cancel();
    }
  }));

Deno.test("HSTS only when the request came over TLS: https, or a trusted proxy says so", async () => {
  const hsts = async (app: App, url: string, headers: Record<string, string> = {}) => {
    const res = await app.request(url, { headers });
    await res.body?.cancel();
    return res.headers.get("Strict-Transport-Security");
  };
  await withApp(async (app) => {
    assert.equal(await hsts(app, "http://localhost/"), null);
    assert.equal(await hsts(app, "https://prijavko.example/"), HSTS);
    assert.equal(await hsts(app, "https://prijavko.example/api/no/such/route"), HSTS);
    // Without TRUST_PROXY anyone could send the header.
    assert.equal(await hsts(app, "http://localhost/", { "X-Forwarded-Proto": "https" }), null);
  });
  await withApp(async (app) => {
    assert.equal(await hsts(app, "http://localhost/", { "X-Forwarded-Proto": "https" }), HSTS);
    assert.equal(
      await hsts(app, "http://localhost/api/openapi.json", {
        "X-Forwarded-Proto": "https, http",
      }),
      HSTS,
    );
    assert.equal(await hsts(app, "http://localhost/", { "X-Forwarded-Proto": "http" }), null);
    assert.equal(await hsts(app, "http://localhost/"), null);
  }, { trustProxy: true });
  assert.match(HSTS, /max-age=\d{8}/);
});

Deno.test("CORS is closed by default: no Access-Control headers, preflights refused", () =>
  withApp(async (app) => {
    const res = await app.request("/api/openapi.json", {
      headers: { Origin: "https://evil.example" },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Access-Control-Allow-Origin"), null);
    await res.body?.cancel();

    const preflight = await app.request("/api/Users/login", {
      method: "OPTIONS",
      headers: {
        Origin: "https://evil.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    assert.equal(preflight.status, 403);
    for (const [name] of preflight.headers) assert.doesNotMatch(name, /^access-control-/i);
    assert.equal((await preflight.json()).code, "Forbidden");
  }));

Deno.test("CORS: a listed origin gets its origin back, others nothing", () =>
  withApp(async (app) => {
    const listed = "https://partner.example";
    const preflight = await app.request("/api/Users/login", {
      method: "OPTIONS",
      headers: {
        Origin: listed,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("Access-Control-Allow-Origin"), listed);
    assert.match(preflight.headers.get("Access-Control-Allow-Methods") ?? "", /\bPOST\b/);
    assert.match(preflight.headers.get("Access-Control-Allow-Headers") ?? "", /Authorization/);
    assert.match(preflight.headers.get("Access-Control-Allow-Headers") ?? "", /Content-Type/);
    assert.equal(preflight.headers.get("Access-Control-Allow-Credentials"), null);
    assert.match(preflight.headers.get("Vary") ?? "", /Origin/);

    const call = await app.request(postJson("/api/Users/login", {}, { Origin: listed }));
    assert.equal(call.status, 400);
    assert.equal(call.headers.get("Access-Control-Allow-Origin"), listed);
    assert.match(call.headers.get("Access-Control-Expose-Headers") ?? "", /Retry-After/);
    assert.match(call.headers.get("Vary") ?? "", /Origin/);
    await call.body?.cancel();

    for (const origin of ["https://other.example", "http://partner.example", `${listed}.evil`]) {
      const res = await app.request("/api/openapi.json", { headers: { Origin: origin } });
      assert.equal(res.headers.get("Access-Control-Allow-Origin"), null, origin);
      await res.body?.cancel();
      const refused = await app.request("/api/Users/login", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      });
      assert.equal(refused.status, 403, origin);
      assert.equal(refused.headers.get("Access-Control-Allow-Origin"), null, origin);
      await refused.body?.cancel();
    }
  }, { corsOrigins: ["https://partner.example"] }));

Deno.test("API JSON answers are compressed when the client accepts it", () =>
  withApp(async (app) => {
    for (const path of ["/api/Subscriptions", "/api/openapi.json"]) {
      const res = await app.request(path, { headers: { "Accept-Encoding": "gzip, deflate" } });
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get("Content-Encoding"), "gzip", path);
      assert.match(res.headers.get("Vary") ?? "", /Accept-Encoding/, path);
      const text = await new Response(res.body!.pipeThrough(new DecompressionStream("gzip")))
        .text();
      assert.ok(JSON.parse(text), path);
    }
    const plain = await app.request("/api/openapi.json");
    assert.equal(plain.headers.get("Content-Encoding"), null);
    await plain.body?.cancel();
  }));

Deno.test("inline script hashes: what runs is hashed, data blocks and external scripts are not", async () => {
  const run = "console.log(1)";
  const html = `<!doctype html><script>${run}</script>` +
    `<script type="module">import "/x.js";\r\nrun()</script>` +
    `<script src="/_astro/a.js"></script>` +
    `<script type="application/ld+json">{"@type":"FAQPage"}</script>` +
    `<script type="text/plain" data-consent="performance">track()</script>` +
    `<script>${run}</script>`;
  const digest = async (text: string) =>
    btoa(String.fromCharCode(
      ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))),
    ));
  assert.deepEqual(await inlineScriptHashes(html), [
    await digest(run),
    await digest('import "/x.js";\nrun()'), // newlines as the HTML parser normalises them
    await digest("track()"), // the consent module runs it once allowed
  ]);
  assert.match(pagePolicy([await digest(run)]), /script-src 'self' 'sha256-[^']+'; /);
});

Deno.test("a page's policy names its own scripts, only for pages on disk, and follows a rebuild", async () => {
  const dir = await Deno.makeTempDir({ prefix: "csp-site-" });
  try {
    await Deno.mkdir(`${dir}/faq`);
    await Deno.writeTextFile(`${dir}/index.html`, "<title>Home</title><script>home()</script>");
    await Deno.writeTextFile(`${dir}/faq/index.html`, "<title>FAQ</title><script>faq()</script>");
    await Deno.writeTextFile(`${dir}/404.html`, "<title>404</title>");
    const app = new Hono();
    app.get("*", withSitePagePolicy(createSiteHandler(dir), dir));
    const scriptSrc = async (path: string) => {
      const res = await app.request(path);
      await res.body?.cancel();
      return directives(res.headers.get("Content-Security-Policy")).get("script-src");
    };
    const [home] = await inlineScriptHashes("<script>home()</script>");
    const [faq] = await inlineScriptHashes("<script>faq()</script>");
    assert.deepEqual(await scriptSrc("/"), ["'self'", `'sha256-${home}'`]);
    assert.deepEqual(await scriptSrc("/faq"), ["'self'", `'sha256-${faq}'`]);
    assert.deepEqual(await scriptSrc("/missing"), ["'self'"]);

    // Rebuilt while the API runs: the new page's script is found once the folder is read again.
    const hashesOf = createPageHashes(dir, { rescanAfterMs: 0 });
    const page = (html: string) => new TextEncoder().encode(html);
    assert.deepEqual(await hashesOf(page("<title>FAQ</title><script>faq()</script>")), [faq]);
    await Deno.writeTextFile(`${dir}/faq/index.html`, "<title>FAQ</title><script>faq(2)</script>");
    const [rebuilt] = await inlineScriptHashes("<script>faq(2)</script>");
    assert.deepEqual(
      await hashesOf(new TextEncoder().encode("<title>FAQ</title><script>faq(2)</script>")),
      [rebuilt],
    );
    // Bytes that are no page on disk get no hashes.
    assert.deepEqual(
      await hashesOf(new TextEncoder().encode("<script>alert(document.cookie)</script>")),
      [],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// The built site in Chromium: no page breaks its policy.

/** Pages of every kind: public (both languages), sign-in, package page, check-in, 404, reference. */
const PUBLIC_PAGES = [
  "/",
  "/en/",
  "/faq",
  "/kontakt",
  "/app/prijava",
  "/app/registracija",
  "/paket/pro",
  "/prijava/rezervacija/ABCDEFGHJK",
  "/en/prijava/smjestaj/ABCDEFGHJKLM",
  "/no/such/page",
  "/api/reference",
];

/** The host area with data in it: charts, the calendar, QR codes, the payment barcode. */
const HOST_PAGES = [
  "/app/kontrolna-ploca",
  "/app/objekti",
  "/app/rezervacije",
  "/app/kalendari",
  "/app/gosti",
  "/app/obavijesti",
  "/app/pretplata",
  "/app/postavke-racuna",
  "/app/profil",
  "/app/postavke",
  "/app/privatnost",
  "/app/kontakt",
];

Deno.test({
  name: "browser: the built site and the API reference raise no CSP violation",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let stack: TestStack | undefined;
    let browser: Browser | undefined;
    try {
      stack = await startStack();
      browser = await launchBrowser();
      const session = e2eSession(stack, browser);
      const context = await session.newContext();
      // Before any page script: report every violation to the console, where the test reads it.
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} ` +
              `at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
          );
        });
      });
      const violations: string[] = [];
      const page = await context.newPage();
      page.on("console", (message) => {
        const text = message.text();
        if (/CSP violation|Content Security Policy/i.test(text)) {
          violations.push(`${page.url()}: ${text}`);
        }
      });
      page.on("pageerror", (error) => violations.push(`${page.url()}: page error ${error}`));
      const visit = async (path: string) => {
        const res = await page.goto(path, { waitUntil: "networkidle" });
        assert.ok(res, path);
        assert.match(res.headers()["content-security-policy"] ?? "", /frame-ancestors 'none'/);
        await page.waitForTimeout(300); // islands render after their scripts ran
      };

      for (const path of PUBLIC_PAGES) await visit(path);

      // The reference rendered the document (its script ran under the policy).
      await visit("/api/reference");
      await page.getByText("Prijavko API").first().waitFor();

      // A host with properties from the demo eVisitor account and a stay from today.
      await session.registerAndLogIn(page, "csp.domacin@example.com");
      await connectDemoEVisitor(page);
      const code = await page.evaluate(async (today) => {
        const { accessToken } = JSON.parse(localStorage.getItem("user")!);
        const headers = {
          Authorization: `Bearer ${accessToken}`,
          "Content-Type": "application/json",
        };
        const properties = await (await fetch("/api/Properties?PageNumber=1&PageSize=10", {
          headers,
        })).json();
        const unit = properties.items[0].accommodationUnits[0];
        const next = new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000);
        const stay = await (await fetch("/api/Reservations", {
          method: "POST",
          headers,
          body: JSON.stringify({
            accommodationUnitId: unit.id,
            startDateUTC: `${today}T12:00:00.000Z`,
            endDateUTC: next.toISOString(),
          }),
        })).json();
        return stay.code as string;
      }, todayIn("Europe/Zagreb"));
      assert.match(code, /^\w+$/);
      for (const path of HOST_PAGES) await visit(path);

      // The guest's check-in form for that stay, in English.
      await visit(`/en/prijava/rezervacija/${code}`);
      await page.getByRole("button").first().waitFor();

      assert.deepEqual(violations, []);
    } finally {
      await browser?.close();
      await stack?.stop();
    }
  },
});
