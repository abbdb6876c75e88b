import pLimit from "p-limit";
import { composeMrz } from "./compose-mrz.ts";
import { assertOcrbFont } from "./font-check.ts";
import { drawDocument as drawIdentity, REFERENCE_DATE } from "./documents.ts";
import { photograph } from "./photograph.ts";
import { planPhoto } from "./plan.ts";
import { Rng, type Split } from "./random.ts";
import { CARD_MM, drawDocument, MRZ_CHAR_MM } from "./render-document.ts";
import { drawLook, type Realism } from "./look.ts";

/**
 * One synthetic photo and its ground truth (the fixtures' JSON), and a whole set written to a
 * directory with its manifest.json. Levels go round (0, 1, 2, 3, 0 …) so every level gets a quarter.
 */
export interface SyntheticItem {
  image: string;
  bytes: Uint8Array;
  groundTruth: Record<string, unknown>;
}

export async function makeItem(
  split: Split,
  seed: number,
  index: number,
  nameWidth = 3,
  realism: Realism = "plain",
): Promise<SyntheticItem> {
  const rng = Rng.forDocument(split, seed, index);
  // Separate streams, so that drawing the document never shifts the photo's parameters, and a
  // look (./look.ts) never shifts either.
  const docRng = rng.fork(), designRng = rng.fork(), planRng = rng.fork(), photoRng = rng.fork();
  const lookRng = rng.fork();
  const level = (index % 4) as 0 | 1 | 2 | 3;
  const doc = drawIdentity(docRng, REFERENCE_DATE);
  const mrz = composeMrz(doc);
  const look = drawLook(lookRng.fork(), realism, doc.format, level);
  const drawnPlan = planPhoto(planRng, level);
  const plan = look?.pipeline.margin ? { ...drawnPlan, margin: look.pipeline.margin } : drawnPlan;
  const lookDrawRng = lookRng.fork();
  const size = CARD_MM[doc.format];
  // The MRZ's middle, for the scale: its drawing puts the lines about 4–5 mm above the bottom.
  const mrzCenter: [number, number] = [
    size.w / 2,
    size.h - 4.2 - (mrz.lines.length - 1) * 2.1 - MRZ_CHAR_MM / 2,
  ];
  let drawing: ReturnType<typeof drawDocument> | undefined;
  const photo = await photograph(
    plan,
    size,
    mrzCenter,
    (pxPerMm) => {
      drawing = drawDocument(
        doc,
        mrz.lines,
        designRng.fork(),
        pxPerMm,
        look ? { document: look.document, rng: lookDrawRng.fork() } : undefined,
      );
      return drawing;
    },
    photoRng,
    look?.pipeline,
  );
  const ext = photo.mimeType === "image/png" ? "png" : "jpg";
  const base = `${
    String(index + 1).padStart(nameWidth, "0")
  }_${doc.format.toLowerCase()}_l${level}`;
  const image = `${base}.${ext}`;
  const groundTruth = {
    image,
    format: doc.format,
    mrz: mrz.lines,
    mrzText: mrz.lines.join("\n"),
    fields: mrz.fields,
    checkDigits: mrz.checkDigits,
    nameTruncated: mrz.nameTruncated,
    visualZone: {
      surname: doc.holder.surname,
      givenNames: doc.holder.givenNames,
      sex: doc.sex === "<" ? "X" : doc.sex,
      placeOfBirth: doc.holder.placeOfBirth,
      dateOfIssue: doc.dateOfIssue.toISOString().slice(0, 10),
      authority: doc.authority,
    },
    level,
    case: doc.case,
    split,
    seed,
    index,
    imageInfo: { width: photo.width, height: photo.height, mimeType: photo.mimeType },
    degradations: photo.degradations,
    look: look?.document ?? null,
    // Beyond the fixtures' fields: where each MRZ line is, for training a detector or recognizer.
    mrzLineQuads: photo.mrzLineQuads,
  };
  return { image, bytes: photo.bytes, groundTruth };
}

export interface SetOptions {
  out: string;
  split: Split;
  count: number;
  seed: number;
  realism?: Realism;
  concurrency?: number;
  onItem?: (done: number, item: SyntheticItem) => void;
}

export async function writeSet(
  { out, split, count, seed, realism = "plain", concurrency = 2, onItem }: SetOptions,
) {
  await assertOcrbFont();
  await Deno.mkdir(out, { recursive: true });
  const nameWidth = Math.max(3, String(count).length);
  const limit = pLimit(concurrency);
  let done = 0;
  const entries = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      limit(async () => {
        const item = await makeItem(split, seed, index, nameWidth, realism);
        const json = item.image.replace(/\.(png|jpg)$/, ".json");
        await Deno.writeFile(`${out}/${item.image}`, item.bytes);
        await Deno.writeTextFile(
          `${out}/${json}`,
          JSON.stringify(item.groundTruth, null, 2) + "\n",
        );
        onItem?.(++done, item);
        const t = item.groundTruth as {
          format: string;
          level: number;
          case: string | null;
          imageInfo: { width: number; height: number; mimeType: string };
          degradations: { orientationDeg: number };
        };
        return {
          image: item.image,
          groundTruth: json,
          format: t.format,
          level: t.level,
          mimeType: t.imageInfo.mimeType,
          width: t.imageInfo.width,
          height: t.imageInfo.height,
          orientationDeg: t.degradations.orientationDeg,
          case: t.case,
        };
      })),
  );
  const tally = (key: "level" | "format") =>
    entries.reduce<Record<string, number>>(
      (acc, e) => ({ ...acc, [e[key]]: (acc[e[key]] ?? 0) + 1 }),
      {},
    );
  const manifest = {
    kind: "mrz-images",
    synthetic: true,
    split,
    seed,
    realism,
    count,
    referenceDate: REFERENCE_DATE.toISOString().slice(0, 10),
    byLevel: tally("level"),
    byFormat: tally("format"),
    files: entries,
  };
  await Deno.writeTextFile(`${out}/manifest.json`, JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}
