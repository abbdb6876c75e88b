import assert from "node:assert/strict";
import {
  APP_ROUTES,
  confirmEmailPath,
  proofOfResidencePath,
  resetPasswordPath,
  stayCheckInPath,
  unitCheckInPath,
} from "@shared/app-routes.ts";
import { NOTIFICATION_TEMPLATES, notificationPageOf } from "@shared/notification-templates.ts";
import { composeNotificationEmail } from "../../../workers/notifications/notification-emails.ts";
import { APP_MENU } from "../../../site/src/lib/navigation/app-menu.ts";
import { ROUTES } from "../../../site/src/lib/navigation/routes.ts";

const PAGES = new URL("../../../site/src/pages", import.meta.url).pathname;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

Deno.test("every app route has its page in the site's sources", async () => {
  for (const [name, path] of Object.entries(APP_ROUTES)) {
    const found = await isFile(`${PAGES}${path}.astro`) ||
      await isFile(`${PAGES}${path}/index.astro`);
    assert.ok(found, `${name}: no page for ${path} in site/src/pages`);
  }
});

Deno.test("the site's navigation takes its paths from the app routes", () => {
  assert.equal(ROUTES, APP_ROUTES);
  const routes = new Set<string>(Object.values(APP_ROUTES));
  for (const item of APP_MENU.flatMap((group) => group.items)) {
    assert.ok(routes.has(item.href), `${item.label}: ${item.href}`);
  }
});

Deno.test("links with parameters keep the addresses already sent and printed", () => {
  assert.equal(confirmEmailPath("u1", "c1"), "/app/potvrdi-email/u1/c1");
  assert.equal(resetPasswordPath("c1"), "/app/resetiraj-lozinku/c1");
  assert.equal(stayCheckInPath("AB3CD4EF5G"), "/prijava/rezervacija/AB3CD4EF5G");
  assert.equal(unitCheckInPath("k7m2 p9"), "/prijava/smjestaj/k7m2%20p9");
  assert.equal(proofOfResidencePath("g1", "de"), "/app/gosti/potvrda?guest=g1&lang=de");
});

Deno.test("each notification names an app page, and its e-mail links there", () => {
  const routes = new Set<string>(Object.values(APP_ROUTES));
  for (const kind of Object.values(NOTIFICATION_TEMPLATES)) {
    assert.ok(routes.has(kind.page), `${kind.template}: ${kind.page}`);
    assert.equal(notificationPageOf(kind.template), kind.page);
    for (const language of ["hr", "en"]) {
      const mail = composeNotificationEmail(kind.template, {}, {
        to: "host@example.com",
        from: "Prijavko <noreply@example.com>",
        publicUrl: "https://prijavko.test",
        language,
      });
      assert.equal(mail === undefined, kind.email === false, `${kind.template}: e-mailed or not`);
      if (mail) assert.ok(mail.text.includes(`https://prijavko.test${kind.page}\n`), kind.template);
    }
  }
  assert.equal(notificationPageOf("NoSuchTemplate"), undefined);
});
