import jsQRModule from "jsqr";
import { Buffer } from "node:buffer";
import { PNG } from "pngjs";

// jsqr is CommonJS: under Deno its function arrives as the default export's `default`.
const jsQR =
  ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as (
    data: Uint8ClampedArray,
    width: number,
    height: number,
  ) => { data: string } | null;

/** Reads a QR code back from a PNG, as a phone camera would. */
export function decodeQrPng(png: Uint8Array): string | undefined {
  const image = PNG.sync.read(Buffer.from(png));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}
