import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";

/**
 * The public address of the site, for canonical and hreflang links and the sitemap, which must be
 * absolute URLs. Deployments build with SITE_URL (the Dockerfile's build argument); local builds
 * name the address `npm start` serves (site/src/lib/seo/public-routes.ts: LOCAL_SITE).
 */
const site = process.env.SITE_URL || "http://localhost:8000";

/**
 * Zod probes `new Function("")` before its first object parse to see whether it may compile
 * parsers; under our Content-Security-Policy (no 'unsafe-eval', set by the API) the probe throws,
 * which zod handles, but the browser still reports a violation. Jitless zod skips the probe. An
 * inline script in every page's head sets it before any module runs (the API allows it by its
 * hash, like Astro's own inline scripts).
 */
const zodWithoutEval = {
  name: "zod-without-eval",
  hooks: {
    "astro:config:setup": ({ injectScript }) =>
      injectScript("head-inline", "(globalThis.__zod_globalConfig ??= {}).jitless = true;"),
  },
};

export default defineConfig({
  site,
  output: "static",
  build: { format: "directory" },
  integrations: [react(), zodWithoutEval],
  i18n: {
    locales: ["hr", "en"],
    defaultLocale: "hr",
    routing: { prefixDefaultLocale: false },
    // No routing fallback: for a static build Astro would emit meta-refresh pages such as
    // /en/404/ → /404/ (which does not exist). Missing English texts fall back to
    // Croatian in i18next instead (src/i18n/translate.ts).
  },
  vite: {
    plugins: [tailwindcss()],
    resolve: {
      alias: { "@shared": fileURLToPath(new URL("../shared", import.meta.url)) },
    },
  },
});
