import type { Context } from "hono";

// Scalar's browser bundle, served from our own origin: the reference page must not need a CDN.
const BUNDLE = new URL(
  "../../../node_modules/@scalar/api-reference/dist/browser/standalone.js",
  import.meta.url,
);

let cached: Uint8Array<ArrayBuffer> | undefined;

export async function apiReferenceAsset(c: Context): Promise<Response> {
  cached ??= await Deno.readFile(BUNDLE);
  return c.body(cached, 200, {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=86400",
  });
}
