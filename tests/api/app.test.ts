import assert from "node:assert/strict";
import { createTestDatabase } from "../support/database.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

async function withApp(fn: (app: TestApp) => Promise<void>) {
  const database = await createTestDatabase();
  try {
    await fn(await createTestApp({ db: database.db }));
  } finally {
    await database.dispose();
  }
}

Deno.test("unknown API routes answer 404 problem details, whatever the method", () =>
  withApp(async (app) => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await app.request(`/api/NoSuchThing/42`, { method });
      assert.equal(res.status, 404);
      assert.equal(res.headers.get("Content-Type"), "application/problem+json");
      const problem = await res.json();
      assert.equal(problem.code, "NotFound");
      assert.equal(problem.instance, "/api/NoSuchThing/42");
      assert.ok(problem.requestId);
    }
  }));

Deno.test("GET /api/openapi.json describes the contact form with its problem answers", () =>
  withApp(async (app) => {
    const res = await app.request("/api/openapi.json");
    assert.equal(res.status, 200);
    const doc = await res.json();
    assert.equal(doc.openapi, "3.1.0");
    const operation = doc.paths["/api/Support/contact-form"].post;
    assert.ok(operation.requestBody);
    assert.ok(operation.responses["400"]);
    assert.ok(doc.paths["/api/health"].get);
    assert.ok(doc.components.schemas.ContactMessage);
  }));

Deno.test("GET /api/reference serves the browsable reference with a bundle from our own origin", () =>
  withApp(async (app) => {
    const page = await app.request("/api/reference");
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /\/api\/reference\/standalone\.js/);
    assert.doesNotMatch(html, /cdn\.jsdelivr|unpkg\.com/);
    const bundle = await app.request("/api/reference/standalone.js");
    assert.equal(bundle.status, 200);
    assert.match(bundle.headers.get("Content-Type") ?? "", /javascript/);
  }));

Deno.test("site pages are served from the built site, unknown paths get its 404 page", () =>
  withApp(async (app) => {
    const home = await app.request("/");
    assert.equal(home.status, 200);
    assert.match(await home.text(), /Home page/);
    for (const path of ["/kontakt", "/kontakt/"]) {
      const res = await app.request(path);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), /Contact page/);
    }
    for (const path of ["/no/such/page", "/app/nepostojece", "/%E0%A4%A"]) {
      const missing = await app.request(path);
      assert.equal(missing.status, 404, path);
      assert.match(missing.headers.get("Content-Type") ?? "", /text\/html/);
      assert.match(await missing.text(), /Page not found/);
    }
  }));

Deno.test("the static handler never serves files outside the site folder", () =>
  withApp(async (app) => {
    for (const path of ["/../../deno.json", "/%2e%2e/%2e%2e/deno.json", "/..%2F..%2Fdeno.json"]) {
      const res = await app.request(path);
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(await res.text(), /nodeModulesDir/);
    }
  }));

Deno.test("responses carry security headers and a request id", () =>
  withApp(async (app) => {
    const res = await app.request("/");
    assert.equal(res.headers.get("X-Content-Type-Options"), "nosniff");
    assert.ok(res.headers.get("Referrer-Policy"));
    assert.ok(res.headers.get("X-Request-Id"));
  }));

Deno.test("links with a user id or code are answered by their page's shell", () =>
  withApp(async (app) => {
    const confirm = await app.request(
      "/app/potvrdi-email/7c9e6679-7425-40de-944b-e07fc1f90ae7/aBc_-123",
    );
    assert.equal(confirm.status, 200);
    assert.match(await confirm.text(), /Confirm shell/);
    const reset = await app.request("/app/resetiraj-lozinku/aBc_-123");
    assert.equal(reset.status, 200);
    assert.match(await reset.text(), /Reset shell/);
    for (const path of ["/app/potvrdi-email/only-one-part", "/app/resetiraj-lozinku/a/b"]) {
      assert.equal((await app.request(path)).status, 404, path);
    }
  }));

Deno.test("package and payment links are answered by their shells; without the parameter they redirect", () =>
  withApp(async (app) => {
    for (
      const [path, shell] of [
        ["/paket/pro", /Package shell hr/],
        ["/paket/premium/", /Package shell hr/],
        ["/en/paket/basic", /Package shell en/],
        ["/app/pretplata/placanje/eyJwdXJjaGFzZVJlcXVlc3RJZCI6ImFiYyJ9", /Payment shell/],
      ] as const
    ) {
      const res = await app.request(path);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), shell, path);
    }
    for (
      const [path, target] of [
        ["/paket", "/"],
        ["/en/paket/", "/en/"],
        ["/app/pretplata/placanje", "/app/pretplata"],
      ] as const
    ) {
      const res = await app.request(path);
      assert.equal(res.status, 302, path);
      assert.equal(res.headers.get("Location"), target, path);
    }
    assert.equal((await app.request("/paket/pro/extra")).status, 404);
  }));

Deno.test("check-in links in every language are answered by that language's check-in shell", () =>
  withApp(async (app) => {
    for (
      const [path, shell] of [
        ["/prijava/smjestaj/k7m2p9x4q3wz", /Check-in shell hr/],
        ["/prijava/rezervacija/AB3CD4EF5G/", /Check-in shell hr/],
        ["/de/prijava/smjestaj/k7m2p9x4q3wz", /Check-in shell de/],
        ["/de/prijava/rezervacija/AB3CD4EF5G", /Check-in shell de/],
      ] as const
    ) {
      const res = await app.request(path);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), shell, path);
    }
    for (
      const path of [
        "/prijava/smjestaj",
        "/prijava/rezervacija/a/b",
        "/prijava/drugo/abc",
        "/xx/prijava/smjestaj/abc",
      ]
    ) {
      assert.equal((await app.request(path)).status, 404, path);
    }
  }));

Deno.test("the bare check-in address redirects to the 404 page in its or the guest's language", () =>
  withApp(async (app) => {
    for (
      const [path, headers, target] of [
        ["/prijava", {}, "/404"],
        ["/prijava/", { "Accept-Language": "hr-HR,hr;q=0.9" }, "/404"],
        ["/prijava", { "Accept-Language": "de-DE,de;q=0.9,en;q=0.8" }, "/de/404"],
        ["/de/prijava", { "Accept-Language": "hr" }, "/de/404"],
        ["/en/prijava/", {}, "/en/404"],
      ] as const
    ) {
      const res = await app.request(path, { headers });
      assert.equal(res.status, 302, path);
      assert.equal(res.headers.get("Location"), target, path);
    }
    const page = await app.request("/404");
    assert.match(await page.text(), /Page not found/);
  }));

Deno.test("the public site answers an English browser in English, a remembered choice first", () =>
  withApp(async (app) => {
    const english = { "Accept-Language": "en-GB,en;q=0.9" };
    for (
      const [path, target] of [
        ["/kontakt", "/en/kontakt"],
        ["/", "/en/"],
        ["/politika-privatnosti", "/en/privacy"],
      ]
    ) {
      const res = await app.request(path, { headers: english });
      assert.equal(res.status, 302, path);
      assert.equal(res.headers.get("Location"), target, path);
      assert.match(res.headers.get("Vary") ?? "", /^Accept-Language, Cookie/, path);
      assert.match(res.headers.get("Cache-Control") ?? "", /private/, path);
    }
    // Quality decides between the two languages the site speaks; others are passed over.
    const germanFirst = await app.request("/kontakt", {
      headers: { "Accept-Language": "de-DE,de;q=0.9,en;q=0.5,hr;q=0.4" },
    });
    assert.equal(germanFirst.headers.get("Location"), "/en/kontakt");

    // Croatian asked for, nothing said, or the visitor's remembered choice: the page itself.
    for (
      const headers of [
        { "Accept-Language": "hr-HR,hr;q=0.9,en;q=0.8" },
        {},
        { ...english, Cookie: "theme=dark; siteLang=hr" },
      ] as Record<string, string>[]
    ) {
      const res = await app.request("/kontakt", { headers });
      assert.equal(res.status, 200, JSON.stringify(headers));
      assert.match(await res.text(), /Contact page</, JSON.stringify(headers));
      assert.match(res.headers.get("Vary") ?? "", /^Accept-Language, Cookie/);
    }

    // The site's language links name their language: it is remembered, and the address shown
    // without it (other parameters kept).
    const chosen = await app.request("/kontakt?jezik=hr&x=1", { headers: english });
    assert.equal(chosen.status, 302);
    assert.equal(chosen.headers.get("Location"), "/kontakt?x=1");
    assert.match(chosen.headers.get("Set-Cookie") ?? "", /^siteLang=hr; Path=\/; Max-Age=31536000/);
    const chosenEnglish = await app.request("/en/kontakt?jezik=en");
    assert.equal(chosenEnglish.headers.get("Location"), "/en/kontakt");
    assert.match(chosenEnglish.headers.get("Set-Cookie") ?? "", /^siteLang=en;/);
    // Never off the site: an address starting with two slashes stays on it.
    const twoSlashes = await app.request("//kontakt?jezik=hr");
    assert.equal(twoSlashes.headers.get("Location"), "/kontakt");
    // The app's pages read the parameter themselves.
    const app404 = await app.request("/app/potvrdi-email/a/b?jezik=en");
    assert.equal(app404.status, 200);
    const junk = await app.request("/kontakt", { headers: { ...english, Cookie: "siteLang=xx" } });
    assert.equal(junk.headers.get("Location"), "/en/kontakt");

    // English pages, the app's pages and pages with a parameter are what they are.
    for (const path of ["/en/kontakt", "/paket/premium", "/app/potvrdi-email/a/b"]) {
      const res = await app.request(path, { headers: english });
      assert.equal(res.status, 200, path);
    }
  }));

Deno.test("a language-less check-in address answers in the guest's language, Croatian unprefixed", () =>
  withApp(async (app) => {
    const german = await app.request("/prijava/smjestaj/k7m2p9x4q3wz?x=1", {
      headers: { "Accept-Language": "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7" },
    });
    assert.equal(german.status, 302);
    assert.equal(german.headers.get("Location"), "/de/prijava/smjestaj/k7m2p9x4q3wz?x=1");
    assert.match(german.headers.get("Vary") ?? "", /^Accept-Language, Cookie/);

    // Quality decides, not order; a language the page does not speak is passed over.
    const russian = await app.request("/prijava/rezervacija/AB3CD4EF5G", {
      headers: { "Accept-Language": "uk;q=1, de;q=0.5, ru;q=0.8" },
    });
    assert.equal(russian.headers.get("Location"), "/ru/prijava/rezervacija/AB3CD4EF5G");

    // Nothing spoken here, or Croatian asked for: the Croatian page itself, marked as negotiated.
    for (const acceptLanguage of ["ja-JP,ja;q=0.9", "hr-HR,hr;q=0.9,de;q=0.8", "de;q=0, *"]) {
      const res = await app.request("/prijava/smjestaj/k7m2p9x4q3wz", {
        headers: { "Accept-Language": acceptLanguage },
      });
      assert.equal(res.status, 200, acceptLanguage);
      assert.match(await res.text(), /Check-in shell hr/, acceptLanguage);
      assert.match(res.headers.get("Vary") ?? "", /^Accept-Language, Cookie/, acceptLanguage);
    }

    // The guest's own choice on the page (its cookie) wins over the browser's.
    const chosenCroatian = await app.request("/prijava/smjestaj/k7m2p9x4q3wz", {
      headers: { "Accept-Language": "de-DE", Cookie: "theme=x; checkinLang=hr" },
    });
    assert.equal(chosenCroatian.status, 200);
    assert.match(await chosenCroatian.text(), /Check-in shell hr/);
    const chosenRussian = await app.request("/prijava/smjestaj/k7m2p9x4q3wz", {
      headers: { "Accept-Language": "de-DE", Cookie: "checkinLang=ru" },
    });
    assert.equal(chosenRussian.headers.get("Location"), "/ru/prijava/smjestaj/k7m2p9x4q3wz");
    // A cookie naming no language of the page is ignored.
    const junk = await app.request("/prijava/smjestaj/k7m2p9x4q3wz", {
      headers: { "Accept-Language": "de", Cookie: "checkinLang=xx" },
    });
    assert.equal(junk.headers.get("Location"), "/de/prijava/smjestaj/k7m2p9x4q3wz");

    // A prefixed address is what it says, whatever the browser prefers.
    const prefixed = await app.request("/de/prijava/smjestaj/k7m2p9x4q3wz", {
      headers: { "Accept-Language": "ru" },
    });
    assert.equal(prefixed.status, 200);
    assert.match(await prefixed.text(), /Check-in shell de/);
  }));

Deno.test("unknown addresses under the check-in page get the 404 page in the guest's language", () =>
  withApp(async (app) => {
    const prefixed = await app.request("/de/prijava/smjestaj");
    assert.equal(prefixed.status, 404);
    assert.match(await prefixed.text(), /Seite nicht gefunden/);
    const negotiated = await app.request("/prijava/drugo/abc", {
      headers: { "Accept-Language": "ru-RU" },
    });
    assert.equal(negotiated.status, 404);
    assert.match(await negotiated.text(), /Страница не найдена/);
    assert.match(negotiated.headers.get("Vary") ?? "", /^Accept-Language, Cookie/);
    const croatian = await app.request("/prijava/drugo/abc");
    assert.equal(croatian.status, 404);
    assert.match(await croatian.text(), /Page not found/);
    // Elsewhere on the site, the site's own 404 page.
    assert.match(await (await app.request("/de/nothing")).text(), /Page not found/);
  }));

Deno.test("a DELETE as browsers send it (an empty body, no Content-Length) is not refused as non-JSON", () =>
  withApp(async (app) => {
    const emptyStream = () => new ReadableStream({ start: (controller) => controller.close() });
    const res = await app.request("/api/Reservations/abc", {
      method: "DELETE",
      body: emptyStream(),
    });
    assert.equal(res.status, 401, "it reaches the route, which wants a signed-in host");
    const text = await app.request("/api/Reservations/abc", {
      method: "DELETE",
      body: "not json",
      headers: { "Content-Type": "text/plain" },
    });
    assert.equal(text.status, 415);
  }));
