import pLimit from "p-limit";
import { IMAGE_MAX_BYTES } from "@shared/schemas/reservation.ts";
import { checkImageFormat } from "@shared/image-format.ts";
import type { MrzGuest } from "@shared/schemas/mrz-guest.ts";
import { createOcrEngine } from "./ocr-engine.ts";
import { loadGlyphModel } from "./glyph-model.ts";
import type { DecodeEvidence } from "./decode-mrz.ts";
import type { MrzFormat } from "./mrz-format.ts";
import type { MrzFields } from "./parse-mrz.ts";
import { type OcrEngines, readMrzFromImage, type UncertainField } from "./read-mrz.ts";
import { toGuest } from "./to-guest.ts";

export type MrzFailureKind = "not-an-image" | "too-large" | "no-mrz-found" | "unreadable";

export type MrzResult =
  | {
    ok: true;
    format: MrzFormat;
    guest: MrzGuest;
    fields: MrzFields;
    /** The fields of `fields` whose reading is not certain (see UncertainField). */
    uncertain: UncertainField[];
  }
  | { ok: false; failure: MrzFailureKind };

type Explain = DecodeEvidence["explain"];

export interface MrzReader {
  /** Reads the MRZ of a photo held in memory; nothing is written anywhere. `explain` is told
   * why a field is uncertain (tuning and the benchmark; it never sees the document's data). */
  read(bytes: Uint8Array, explain?: Explain): Promise<MrzResult>;
  close(): Promise<void>;
}

export interface MrzReaderOptions {
  clock?: () => Date;
  /** Images being worked on at once; more wait. Two keeps both cores busy (one decodes and
   * finds the zone while the OCR threads read the other). */
  concurrency?: number;
  /** Tesseract's LSTM engine reads each zone too; where it disagrees, the field is uncertain. */
  secondOpinion?: boolean;
}

/**
 * The MRZ reader of a process: the glyph classifier's weights are loaded and Tesseract's LSTM
 * engine started once (about a second) and shared by every request.
 */
export async function createMrzReader(
  { clock = () => new Date(), concurrency = 2, secondOpinion = true }: MrzReaderOptions = {},
): Promise<MrzReader> {
  const [glyphs, lstm] = await Promise.all([
    loadGlyphModel(),
    secondOpinion ? createOcrEngine() : undefined,
  ]);
  const engines: OcrEngines = { glyphs, lstm };
  const limit = pLimit(concurrency);
  return {
    read: (bytes, explain) => limit(() => readMrz(bytes, engines, clock(), explain)),
    close: async () => {
      await lstm?.close();
    },
  };
}

/** Image in, guest out: size and type checks, decoding, reading, mapping to the guest form. */
export async function readMrz(
  bytes: Uint8Array,
  engines: OcrEngines,
  today: Date,
  explain?: Explain,
): Promise<MrzResult> {
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, failure: "too-large" };
  if (!(await checkImageFormat(bytes)).accepted) return { ok: false, failure: "not-an-image" };
  let read;
  try {
    read = await readMrzFromImage(bytes, engines, today, explain);
  } catch (error) {
    // A truncated or corrupt file, or one claiming more pixels than allowed.
    if (isDecodeError(error)) return { ok: false, failure: "not-an-image" };
    throw error;
  }
  if (!read.ok) return { ok: false, failure: read.reason };
  return {
    ok: true,
    format: read.format,
    fields: read.fields,
    uncertain: read.uncertain,
    guest: toGuest(read.format, read.fields, read.uncertain),
  };
}

function isDecodeError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Input (buffer|file)|pixel limit|corrupt|premature end|unsupported image|VipsJpeg|pngload|webpload|bad seek/i
    .test(message);
}
