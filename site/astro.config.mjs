import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";

/**
 * The public address of the site, used for canonical and hreflang links. Without it the
 * links are root-relative, which is right for local runs and tests; deployments set SITE_URL.
 */
const site = process.env.SITE_URL || undefined;

export default defineConfig({
  site,
  output: "static",
  build: { format: "directory" },
  integrations: [react()],
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
