/**
 * Training data for the OCR-B glyph classifier: reads a set of document photos in the fixtures'
 * format (manifest.json and a ground-truth JSON per photo, e.g. made by bench/mrz-synth.ts) the
 * way the MRZ worker does (decode, find the zone, cut each line straight) and writes every
 * character cell with the character the ground truth has there.
 *
 *   deno run -A dev/mrz-glyphs/extract-cells.ts --set DIR [--set DIR2 ...] --out FILE
 *
 * FILE.cells: uint8 cells (CELL_HEIGHT × CELL_WIDTH, ink 0–1.5 scaled to 0–255 / 1.5);
 * FILE.labels: one uint8 per cell, the index in MRZ_ALPHABET. Photos whose zone is not found
 * with the ground truth's format and line count are skipped (and counted), as are lines cut at the
 * wrong places.
 */
import { parseArgs } from "node:util";
import { decodeGrey, enlarged } from "../../workers/mrz/decode-image.ts";
import { loadGlyphModel } from "../../workers/mrz/glyph-model.ts";
import { locateMrz } from "../../workers/mrz/locate-mrz.ts";
import { flipStrip, lineStrip } from "../../workers/mrz/line-strips.ts";
import { CELL_SIZE, GLYPH_CHAR_HEIGHT, glyphCells } from "../../workers/mrz/glyph-cells.ts";
import { MRZ_ALPHABET, MRZ_LAYOUTS, type MrzFormat } from "../../workers/mrz/mrz-format.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { set: { type: "string", multiple: true }, out: { type: "string" } },
});
if (!values.set?.length || !values.out) {
  console.error("usage: extract-cells.ts --set DIR [--set DIR] --out FILE");
  Deno.exit(2);
}
const glyphs = await loadGlyphModel();
const cells: Uint8Array[] = [];
const labels: number[] = [];
let used = 0, skipped = 0, misaligned = 0;
for (const set of values.set) {
  const dir = set.endsWith("/") ? set : set + "/";
  const manifest = JSON.parse(await Deno.readTextFile(dir + "manifest.json"));
  for (const file of manifest.files) {
    const truth = JSON.parse(await Deno.readTextFile(dir + file.groundTruth));
    const format = truth.format as MrzFormat;
    const orientation = truth.degradations?.orientationDeg ?? file.orientationDeg ?? 0;
    const image = await decodeGrey(await Deno.readFile(dir + file.image));
    // As the reader does: the photo as it is, then (a small one) enlarged.
    let done = false;
    for (const view of [image, await enlarged(image)]) {
      if (!view || done) continue;
      for (const located of locateMrz(view)) {
        const { region } = located;
        if (region.format !== format) continue;
        const turned = (orientation + 90 * located.turns) % 360;
        if (turned !== 0 && turned !== 180) continue;
        const length = MRZ_LAYOUTS[format].length;
        let strips = region.lines.map((line) =>
          lineStrip(located.image, line, length, GLYPH_CHAR_HEIGHT)
        );
        if (turned === 180) strips = strips.map(flipStrip).reverse();
        strips.forEach((strip, l) => {
          const values = glyphCells(strip);
          if (!aligned(values, truth.mrz[l])) {
            misaligned++;
            return;
          }
          for (let k = 0; k < length; k++) {
            const cell = new Uint8Array(CELL_SIZE);
            for (let i = 0; i < CELL_SIZE; i++) {
              cell[i] = Math.round((values[k * CELL_SIZE + i] / 1.5) * 255);
            }
            cells.push(cell);
            labels.push(MRZ_ALPHABET.indexOf(truth.mrz[l][k]));
          }
        });
        done = true;
        break;
      }
    }
    if (done) used++;
    else skipped++;
  }
}

/**
 * A line whose cells were cut at the wrong places (a stray blob taken for its first or last
 * character shifts every slot) would teach the network wrong labels: the present model must
 * agree with the truth on at least half of the line's characters other than fillers. A line the
 * present model reads badly but in the right places still passes, which is what training needs.
 */
function aligned(values: Float32Array, truth: string): boolean {
  const p = glyphs.classify(values, truth.length);
  let letters = 0, agree = 0;
  for (let k = 0; k < truth.length; k++) {
    if (truth[k] === "<") continue;
    letters++;
    let best = 0;
    for (let c = 1; c < MRZ_ALPHABET.length; c++) {
      if (p[k * MRZ_ALPHABET.length + c] > p[k * MRZ_ALPHABET.length + best]) best = c;
    }
    if (MRZ_ALPHABET[best] === truth[k]) agree++;
  }
  return agree >= letters / 2;
}

const all = new Uint8Array(cells.length * CELL_SIZE);
cells.forEach((cell, i) => all.set(cell, i * CELL_SIZE));
await Deno.writeFile(values.out + ".cells", all);
await Deno.writeFile(values.out + ".labels", Uint8Array.from(labels));
console.log(
  `${used} photos, ${cells.length} cells; ${skipped} photos skipped (zone not found), ` +
    `${misaligned} lines left out (cut at the wrong places)`,
);
