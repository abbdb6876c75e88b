import assert from "node:assert/strict";
import sharp from "sharp";
import { decodeGrey } from "../../../workers/mrz/decode-image.ts";
import { locateMrz } from "../../../workers/mrz/locate-mrz.ts";
import { mergeStacked } from "../../../workers/mrz/components.ts";

const LINES = [
  "IDSVNIB38370794<<<<<<<<<<<<<<<",
  "2109011M3105227SVN<<<<<<<<<<<8",
  "POTOCNIK<<ZIGA<<<<<<<<<<<<<<<<",
];
/** OCR-B at 44 px: 0.7231 em a character. */
const PITCH = 44 * 0.7231;
const LEFT = 70;

/**
 * A card's zone as thin grey laser engraving (drawn four times larger, eroded, shrunk: strokes
 * under two pixels) behind slanted pattern lines that touch nearly every character: a person
 * reads it at once; no character is a blob of its own.
 */
async function engravedCard(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="560">
    <defs><filter id="thin"><feMorphology operator="erode" radius="0.6"/></filter></defs>
    <rect width="1400" height="560" fill="#e9e4ef"/>
    ${
    Array.from({ length: 40 }, (_, i) =>
      `<path d="M${-200 + i * 45},0 L${100 + i * 45},560" stroke="#b9a7c9" stroke-width="2"/>`)
      .join(
        "",
      )
  }
    <g filter="url(#thin)" font-family="OCR B" font-size="44" fill="#6a6a6a">${
    LINES.map((line, i) =>
      `<text x="${LEFT}" y="${330 + i * 72}">${line.replaceAll("<", "&lt;")}</text>`
    ).join("")
  }</g></svg>`;
  return new Uint8Array(
    await sharp(new TextEncoder().encode(svg), { density: 288 }).resize(1400, 560).blur(0.8)
      .jpeg({ quality: 85 }).toBuffer(),
  );
}

Deno.test("a zone whose thin characters all touch a pattern is found by projection, whole", async () => {
  const image = await decodeGrey(await engravedCard());
  const [first] = locateMrz(image);
  assert.ok(first, "a zone is found");
  assert.equal(first.method, "projection", "no chain of characters is long enough");
  assert.equal(first.region.format, "TD1");
  for (const line of first.region.lines) {
    assert.ok(Math.abs(line.startX - LEFT) < PITCH / 2, `starts at ${line.startX}`);
    const end = LEFT + LINES[0].length * PITCH;
    assert.ok(Math.abs(line.endX - end) < PITCH / 2, `ends at ${line.endX}, not ${end}`);
  }
});

Deno.test("the pieces of a broken character are joined; two lines of a zone never are", () => {
  // A digit's top and bottom, a piece inside an O's box, a character of the next line.
  const top = { x0: 10, y0: 0, x1: 24, y1: 13, pixels: 40 };
  const bottom = { x0: 11, y0: 15, x1: 25, y1: 30, pixels: 45 };
  const inner = { x0: 60, y0: 8, x1: 64, y1: 20, pixels: 12 };
  const ring = { x0: 50, y0: 0, x1: 70, y1: 30, pixels: 120 };
  const below = { x0: 10, y0: 48, x1: 25, y1: 78, pixels: 90 };
  const merged = mergeStacked([top, bottom, inner, ring, below]);
  assert.equal(merged.length, 3);
  assert.ok(merged.some((b) => b.y0 === 0 && b.y1 === 30 && b.x0 === 10 && b.pixels === 85));
  assert.ok(merged.some((b) => b.x0 === 50 && b.pixels === 132));
  assert.ok(merged.some((b) => b.y0 === 48));
});
