import bwipjs from "bwip-js";

/**
 * The HUB3 barcode: PDF417 with error correction level 4 and 9 data columns, rows three modules
 * high, on white with a quiet zone, as the HUB 3A slip expects. bwip-js (BWIPP) draws it.
 */
const PDF417 = {
  bcid: "pdf417",
  eclevel: 4,
  columns: 9,
  rowmult: 3,
  paddingwidth: 10,
  paddingheight: 10,
  backgroundcolor: "FFFFFF",
} as const;

type Options = Parameters<typeof bwipjs.toSVG>[0];

/** PNG bytes; `scale` pixels per module. */
export async function pdf417Png(text: string, scale = 3): Promise<Uint8Array> {
  const png = await bwipjs.toBuffer({ ...PDF417, text, scale } as Options);
  return new Uint8Array(png);
}

/** An SVG document of the same barcode. */
export function pdf417Svg(text: string): string {
  return bwipjs.toSVG({ ...PDF417, text } as Options);
}
