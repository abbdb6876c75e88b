/**
 * Extra training photos for the glyph classifier: MRZ-shaped blocks of random characters in OCR-B,
 * every letter and digit about equally often. Real documents (bench/mrz-synth.ts) bring the right
 * look but some letters only rarely (Q, X, J, Y); these bring every character in every
 * neighbourhood, at 13–35 px, blurred, smeared, tilted and compressed. Same format as the
 * synthetic set (manifest.json and a ground-truth JSON per photo), for extract-cells.ts.
 *
 *   deno run -A dev/mrz-glyphs/render-lines.ts --out DIR [--count 600] [--seed 1]
 */
import { parseArgs } from "node:util";
import sharp from "sharp";
import { Rng } from "../../bench/mrz-synth/random.ts";
import { MRZ_LAYOUTS, type MrzFormat } from "../../workers/mrz/mrz-format.ts";

const OCR_B = "/usr/share/fonts/opentype/ocr-b/OCRB.otf";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", DIGITS = "0123456789";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    out: { type: "string" },
    count: { type: "string", default: "600" },
    seed: { type: "string", default: "1" },
  },
});
if (!values.out) {
  console.error("usage: render-lines.ts --out DIR [--count N] [--seed S]");
  Deno.exit(2);
}
const out = values.out.endsWith("/") ? values.out : values.out + "/";
await Deno.mkdir(out, { recursive: true });
const files = [];
for (let i = 0; i < Number(values.count); i++) {
  const rng = new Rng(7, Number(values.seed), i, 0x2545f491);
  const name = rng.pick<MrzFormat>(["TD1", "TD2", "TD3", "TD3"]);
  const { lines: count, length } = MRZ_LAYOUTS[name];
  const mrz = Array.from({ length: count }, () => randomLine(length, rng));
  const bytes = await render(mrz, rng);
  const file = `${String(i + 1).padStart(4, "0")}_${name.toLowerCase()}`;
  await Deno.writeFile(out + file + ".jpg", bytes.image);
  await Deno.writeTextFile(
    out + file + ".json",
    JSON.stringify({ format: name, mrz, degradations: { orientationDeg: 0, ...bytes.how } }),
  );
  files.push({ image: file + ".jpg", groundTruth: file + ".json", format: name, level: 1 });
}
await Deno.writeTextFile(out + "manifest.json", JSON.stringify({ files }, null, 1));
console.log(`${files.length} photos in ${out}`);

/** Runs of letters, digits, both and `<` fillers, as MRZ lines have them. */
function randomLine(length: number, rng: Rng): string {
  const run = (alphabet: string, max: number) =>
    Array.from(
      { length: 1 + Math.floor(rng.next() * max) },
      () => alphabet[Math.floor(rng.next() * alphabet.length)],
    ).join("");
  let line = "";
  while (line.length < length) {
    const r = rng.next();
    if (r < 0.35) line += run(LETTERS, 8);
    else if (r < 0.6) line += run(DIGITS, 7);
    else if (r < 0.8) line += run(LETTERS + DIGITS, 9);
    else line += "<".repeat(1 + Math.floor(rng.next() * (rng.next() < 0.3 ? 15 : 3)));
  }
  return line.slice(0, length);
}

async function render(mrz: string[], rng: Rng) {
  const text = mrz.map((line) => line.replaceAll("<", "&lt;")).join("\n");
  const block = await sharp({
    text: { text, fontfile: OCR_B, font: "OCR B 20", dpi: 300, spacing: 16 },
  }).negate({ alpha: false }).toColourspace("b-w").png().toBuffer();
  const { width = 0, height = 0 } = await sharp(block).metadata();
  const paper = 190 + Math.floor(rng.next() * 65);
  const tint = {
    r: paper,
    g: paper - Math.floor(rng.next() * 20),
    b: paper - Math.floor(rng.next() * 30),
  };
  const page = await sharp({
    create: { width: width + 160, height: height + 300, channels: 3, background: tint },
  }).composite([{ input: block, left: 80, top: 220, blend: "multiply" }]).png().toBuffer();
  // The rendered characters are about 42 px high: scale to 13–35 px.
  const charPx = 13 + rng.next() * 22;
  const scaled = await sharp(page).resize({ width: Math.round((width + 160) * charPx / 42) })
    .png().toBuffer();
  const rotation = (rng.next() - 0.5) * 6;
  let photo = sharp(scaled).rotate(rotation, { background: tint });
  const blur = rng.next() < 0.3 ? 0 : 0.3 + rng.next() * 1.5;
  if (blur > 0.3) photo = photo.blur(blur);
  let smear = 0;
  if (rng.next() < 0.25) {
    smear = 3 + 2 * Math.floor(rng.next() * 3);
    const kernel = Array(smear * smear).fill(0);
    for (let j = 0; j < smear; j++) kernel[Math.floor(smear / 2) * smear + j] = 1 / smear;
    photo = photo.convolve({ width: smear, height: smear, kernel });
  }
  const quality = 35 + Math.floor(rng.next() * 60);
  const image = await photo.jpeg({ quality }).toBuffer();
  return { image, how: { charPx, rotation, blur, smear, quality } };
}
