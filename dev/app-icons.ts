/**
 * Draws the installed app's icons (site/public/icons/) from the favicon's mark: run it again after
 * changing the mark (`node_modules/.bin/deno run -A dev/app-icons.ts`) and commit the PNGs. Phones
 * ask for 192 and 512 px (Android, Lighthouse's installability check), a maskable 512 px whose
 * mark keeps within the middle 80 % (the safe zone the launcher may crop to a circle) and a
 * 180 px apple-touch-icon (iOS draws its own rounded corners, so that one is square too).
 */
import sharp from "sharp";

const OUT = new URL("../site/public/icons/", import.meta.url).pathname;
const BLUE = "#1d4ed8";

/** The favicon's mark on a 32 × 32 grid (site/public/favicon.svg). */
const MARK = `
  <rect x="7" y="7" width="8" height="8" rx="1.5" fill="none" stroke="#fff" stroke-width="2.25" />
  <rect x="9.75" y="9.75" width="2.5" height="2.5" rx=".5" fill="#fff" />
  <path d="m11.5 20.5 4.5 4.5 9-12" fill="none" stroke="#fdba74" stroke-width="3"
    stroke-linecap="round" stroke-linejoin="round" />`;

/** `scale` < 1 shrinks the mark about the centre; `rounded` keeps the favicon's corners. */
const svg = ({ scale, rounded }: { scale: number; rounded: boolean }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" ${rounded ? 'rx="8"' : ""} fill="${BLUE}" />
  <g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${MARK}</g>
</svg>`;

const ICONS = [
  { file: "icon-192.png", size: 192, scale: 1, rounded: true },
  { file: "icon-512.png", size: 512, scale: 1, rounded: true },
  { file: "maskable-512.png", size: 512, scale: 0.72, rounded: false },
  { file: "apple-touch-icon-180.png", size: 180, scale: 0.86, rounded: false },
];

for (const { file, size, scale, rounded } of ICONS) {
  await sharp(new TextEncoder().encode(svg({ scale, rounded })), { density: 72 * size / 32 })
    .resize(size, size).png({ compressionLevel: 9 }).toFile(`${OUT}${file}`);
  console.log(file);
}
