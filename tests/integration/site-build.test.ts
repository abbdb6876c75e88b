import assert from "node:assert/strict";
import { Hono } from "hono";
import { createSiteHandler } from "../../api/http/static/site.ts";
import {
  indexablePaths,
  LOCAL_SITE,
  PUBLIC_ROUTES,
  type PublicRoute,
  routePaths,
} from "../../site/src/lib/seo/public-routes.ts";
import { FAQ_ITEMS } from "../../site/src/features/landing/faq-items.ts";
import { t } from "../../site/src/i18n/translate.ts";
import {
  APP_ROUTES,
  confirmEmailPath,
  proofOfResidencePath,
  resetPasswordPath,
  stayCheckInPath,
  unitCheckInPath,
} from "@shared/app-routes.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { DEFAULT_GUEST_DATA_RETENTION_DAYS } from "@shared/retention.ts";

/*
 * The built site (site/dist, made by `npm test` before the tests run): the public pages of
 * site/src/lib/seo/public-routes.ts exist and are served, sitemap.xml lists exactly the indexable
 * ones in every language, robots.txt keeps crawlers out of the private areas.
 */
const DIST = new URL("../../site/dist/", import.meta.url).pathname;

async function read(relative: string): Promise<string> {
  try {
    return await Deno.readTextFile(`${DIST}${relative}`);
  } catch (error) {
    throw new Error(`site/dist/${relative} is missing: build the site first`, { cause: error });
  }
}

async function exists(relative: string): Promise<boolean> {
  try {
    return (await Deno.stat(`${DIST}${relative}`)).isFile;
  } catch {
    return false;
  }
}

/** The built file of a page's address: `/x` is `x/index.html` (build format "directory") or `x.html`. */
async function builtFileOf(path: string): Promise<string | undefined> {
  const clean = path.replace(/^\/+|\/+$/g, "");
  const candidates = clean ? [`${clean}/index.html`, `${clean}.html`] : ["index.html"];
  for (const candidate of candidates) if (await exists(candidate)) return candidate;
  return undefined;
}

function siteApp(): Hono {
  const app = new Hono();
  app.on(["GET", "HEAD"], "*", createSiteHandler(DIST.replace(/\/$/, "")));
  return app;
}

const routesOf = (kind: PublicRoute["kind"]) => PUBLIC_ROUTES.filter((r) => r.kind === kind);
const hasNoindex = (html: string) => /<meta name="robots" content="noindex"/.test(html);

/**
 * A small well-formedness check of generated XML (no XML parser is available offline): a single
 * declaration first, tags properly nested and closed, attribute values quoted, entities known.
 */
function assertWellFormedXml(xml: string): void {
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/);
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  for (const [entity] of body.matchAll(/&[^;\s"<]*;?/g)) {
    assert.match(entity, /^&(amp|lt|gt|quot|apos);$/, `unknown entity ${entity}`);
  }
  const open: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const [, closing, name, , selfClosing, text, stray] of body.matchAll(token)) {
    assert.equal(stray, undefined, "a '<' that starts no valid tag");
    if (text !== undefined) {
      assert.ok(open.length > 0 || !text.trim(), `text outside the root element: ${text}`);
    } else if (closing) {
      assert.equal(open.pop(), name, `</${name}> closes the wrong element`);
    } else {
      if (open.length === 0) roots++;
      if (!selfClosing) open.push(name);
    }
  }
  assert.deepEqual(open, [], "unclosed elements");
  assert.equal(roots, 1, "one root element");
}

interface SitemapUrl {
  loc: string;
  alternates: Record<string, string>;
}

function sitemapUrls(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(entry)?.[1] ?? "",
    alternates: Object.fromEntries(
      [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)]
        .map(([, lang, href]) => [lang, href]),
    ),
  }));
}

Deno.test("every static public page is built, and the API serves every public address as a page", async () => {
  for (const route of routesOf("page")) {
    for (const path of routePaths(route)) {
      const file = await builtFileOf(path);
      assert.ok(file, `${path} has no page in site/dist`);
      const html = await read(file);
      assert.equal(hasNoindex(html), !route.indexable, `${path}: noindex only off the sitemap`);
    }
  }
  const app = siteApp();
  for (const path of PUBLIC_ROUTES.flatMap(routePaths)) {
    const res = await app.request(path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get("Content-Type") ?? "", /^text\/html/, path);
    const html = await res.text();
    assert.match(html, /^<!DOCTYPE html>/i, path);
  }
});

Deno.test("every app page, and every link the e-mails and the API build, is served as a page", async () => {
  const app = siteApp();
  const bare = new Set<string>([APP_ROUTES.checkIn, APP_ROUTES.packagePage, APP_ROUTES.payment]);
  const links = [
    ...Object.values(APP_ROUTES).filter((path) => !bare.has(path)),
    ...Object.values(NOTIFICATION_TEMPLATES).map((kind) => kind.page),
    confirmEmailPath("user-1", "code-1"),
    resetPasswordPath("code-1"),
    stayCheckInPath("ABC123"),
    unitCheckInPath("abcdefgh2345"),
    proofOfResidencePath("guid-1", "en"),
    `${APP_ROUTES.payment}/request-1`,
    `${APP_ROUTES.packagePage}/basic`,
  ];
  for (const link of links) {
    const res = await app.request(link);
    assert.equal(res.status, 200, link);
    assert.match(await res.text(), /^<!DOCTYPE html>/i, link);
  }
});

Deno.test("indexable pages in two languages name themselves canonical and link their other language, as absolute URLs", async () => {
  const origin = Deno.env.get("SITE_URL")?.replace(/\/$/, "") ?? LOCAL_SITE;
  for (const route of routesOf("page").filter((r) => r.indexable && r.paths.en)) {
    for (const path of routePaths(route)) {
      const html = await read((await builtFileOf(path))!);
      assert.ok(html.includes(`<link rel="canonical" href="${origin}${path}">`), path);
      for (const [lang, other] of Object.entries(route.paths)) {
        assert.ok(
          html.includes(`<link rel="alternate" hreflang="${lang}" href="${origin}${other}">`),
          path,
        );
      }
    }
  }
});

Deno.test("sitemap.xml is well-formed and lists exactly the indexable public pages with their languages", async () => {
  const xml = await read("sitemap.xml");
  assertWellFormedXml(xml);
  assert.match(
    xml,
    /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/,
  );
  const urls = sitemapUrls(xml);
  const origins = new Set(urls.map(({ loc }) => new URL(loc).origin));
  assert.equal(origins.size, 1, "one site address");
  const [origin] = origins;
  if (!Deno.env.get("SITE_URL")) assert.equal(origin, "http://localhost:8000");

  const listed = urls.map(({ loc }) => new URL(loc).pathname);
  assert.deepEqual([...listed].sort(), [...indexablePaths()].sort());
  assert.equal(new Set(listed).size, listed.length, "no address twice");
  for (
    const path of [
      "/",
      "/en/",
      "/kontakt",
      "/en/kontakt",
      "/faq",
      "/en/faq",
      "/app/prijava",
      "/app/registracija",
      "/app/zaboravljena-lozinka",
      "/paket/basic",
      "/en/paket/premium",
    ]
  ) {
    assert.ok(listed.includes(path), `${path} is in the sitemap`);
  }
  for (const path of ["/u-izradi", "/uskoro", "/404", "/500"]) {
    assert.ok(!listed.includes(path), `${path} is not in the sitemap`);
  }

  for (const route of PUBLIC_ROUTES.filter((r) => r.indexable)) {
    const expected = route.paths.en ? { ...route.paths, "x-default": route.paths.hr } : {};
    for (const path of routePaths(route)) {
      const url = urls.find(({ loc }) => new URL(loc).pathname === path)!;
      const alternates = Object.fromEntries(
        Object.entries(url.alternates).map(([lang, href]) => {
          assert.equal(new URL(href).origin, origin);
          return [lang, new URL(href).pathname];
        }),
      );
      assert.deepEqual(alternates, expected, `alternates of ${path}`);
    }
  }

  const res = await siteApp().request("/sitemap.xml");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/xml/);
});

Deno.test("robots.txt opens the site, closes /admin/, /app/ and check-in codes, and names the sitemap", async () => {
  const robots = await read("robots.txt");
  const lines = robots.trim().split("\n");
  assert.equal(lines[0], "User-agent: *");
  for (const path of ["/admin/", "/app/", "/prijava/", "/en/prijava/", "/de/prijava/"]) {
    assert.ok(lines.includes(`Disallow: ${path}`), `Disallow: ${path}`);
  }
  for (const path of ["/app/prijava", "/app/registracija", "/app/zaboravljena-lozinka"]) {
    assert.ok(lines.includes(`Allow: ${path}`), `Allow: ${path}`);
  }
  assert.ok(!lines.includes("Disallow: /"), "the public site stays open");
  const sitemap = lines.find((line) => line.startsWith("Sitemap: "));
  assert.ok(sitemap, "a Sitemap line");
  const sitemapUrl = new URL(sitemap.slice("Sitemap: ".length));
  assert.equal(sitemapUrl.pathname, "/sitemap.xml");
  const firstLoc = /<loc>([^<]+)<\/loc>/.exec(await read("sitemap.xml"))![1];
  assert.equal(sitemapUrl.origin, new URL(firstLoc).origin);

  const res = await siteApp().request("/robots.txt");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("Content-Type") ?? "", /^text\/plain/);
});

Deno.test("the FAQ pages, and the landing pages for the questions they show, carry FAQPage structured data", async () => {
  for (const lang of ["hr", "en"] as const) {
    const html = await read(lang === "hr" ? "faq/index.html" : "en/faq/index.html");
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    assert.equal(scripts.length, 1);
    const data = JSON.parse(scripts[0][1]);
    assert.equal(data["@context"], "https://schema.org");
    assert.equal(data["@type"], "FAQPage");
    assert.equal(data.mainEntity.length, FAQ_ITEMS.length);
    FAQ_ITEMS.forEach(({ question, answer }, index) => {
      const entity = data.mainEntity[index];
      assert.equal(entity["@type"], "Question");
      assert.equal(entity.name, t(lang, question));
      assert.equal(entity.acceptedAnswer["@type"], "Answer");
      assert.equal(entity.acceptedAnswer.text, t(lang, answer));
    });
    // Every question is also on the page, as an accordion item without JavaScript.
    assert.equal([...html.matchAll(/<details\b/g)].length, FAQ_ITEMS.length);
  }
  // The landing pages answer the first five, with structured data for exactly those.
  for (const [file, lang] of [["index.html", "hr"], ["en/index.html", "en"]] as const) {
    const html = await read(file);
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    assert.equal(scripts.length, 1, file);
    const data = JSON.parse(scripts[0][1]);
    assert.equal(data["@type"], "FAQPage");
    assert.deepEqual(
      data.mainEntity.map((entity: { name: string }) => entity.name),
      FAQ_ITEMS.slice(0, 5).map(({ question }) => t(lang, question)),
    );
    for (const { id } of FAQ_ITEMS.slice(0, 5)) assert.match(html, new RegExp(`id="faq-${id}"`));
  }
});

Deno.test("the guests' privacy summary is built in each check-in language without a full policy", async () => {
  const headings = {
    fr: "Vos données lors de l'enregistrement",
    it: "I vostri dati al check-in",
    de: "Ihre Daten bei der Anmeldung",
    es: "Sus datos en el registro",
    ru: "Ваши данные при регистрации",
  };
  for (const [lang, heading] of Object.entries(headings)) {
    const file = await builtFileOf(`/${lang}/privatnost-gosta`);
    assert.ok(file, `/${lang}/privatnost-gosta has no page in site/dist`);
    const html = await read(file);
    assert.match(html, new RegExp(`<html lang="${lang}"`), lang);
    const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1].replaceAll("&#39;", "'");
    assert.equal(h1, heading, lang);
    assert.ok(html.includes('href="/en/privacy"'), `${lang}: links the English policy`);
    assert.ok(html.includes('href="/politika-privatnosti"'), `${lang}: links the Croatian policy`);
    assert.ok(html.includes("https://azop.hr"), `${lang}: names AZOP`);
    assert.match(
      html,
      new RegExp(`\\b${DEFAULT_GUEST_DATA_RETENTION_DAYS}\\b`),
      `${lang}: retention`,
    );
  }
});
