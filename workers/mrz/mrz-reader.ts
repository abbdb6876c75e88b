import pLimit from "p-limit";
import { IMAGE_MAX_BYTES } from "@shared/schemas/reservation.ts";
import { checkImageFormat } from "@shared/image-format.ts";
import type { MrzGuest } from "@shared/schemas/mrz-guest.ts";
import { type GlyphModel, loadGlyphModel } from "./glyph-model.ts";
import type { DecodeOptions } from "./decode-mrz.ts";
import type { DocumentFormat } from "./mrz-format.ts";
import type { MrzFields } from "./parse-mrz.ts";
import { type MrzRefusal, readMrzFromImage, type UncertainField } from "./read-mrz.ts";
import { toGuest } from "./to-guest.ts";

export type MrzFailureKind = "not-an-image" | "too-large" | "no-mrz-found" | "unreadable";

export type MrzResult =
  | {
    ok: true;
    format: DocumentFormat;
    guest: MrzGuest;
    fields: MrzFields;
    /** The fields of `fields` whose reading is not certain (see UncertainField). */
    uncertain: UncertainField[];
  }
  /** `why` says, for the log and the benchmark, why a photo that is one got no answer. */
  | { ok: false; failure: MrzFailureKind; why?: MrzRefusal };

type Explain = DecodeOptions["explain"];

export interface MrzReader {
  /** Reads the MRZ of a photo held in memory; nothing is written anywhere. `explain` is told
   * why a field is uncertain (tuning and the benchmark; it never sees the document's data). */
  read(bytes: Uint8Array, explain?: Explain): Promise<MrzResult>;
  close(): Promise<void>;
}

export interface MrzReaderOptions {
  clock?: () => Date;
  /** Images being worked on at once; more wait. Two keep both cores busy (libvips decodes one
   * in its threads while the other is read). */
  concurrency?: number;
}

/**
 * The MRZ reader of a process: the glyph classifier's weights (0.4 MB) are loaded once and shared
 * by every request.
 */
export async function createMrzReader(
  { clock = () => new Date(), concurrency = 2 }: MrzReaderOptions = {},
): Promise<MrzReader> {
  const glyphs = await loadGlyphModel();
  const limit = pLimit(concurrency);
  return {
    read: (bytes, explain) => limit(() => readMrz(bytes, glyphs, clock(), explain)),
    close: () => Promise.resolve(),
  };
}

/** Image in, guest out: size and type checks, decoding, reading, mapping to the guest form. */
export async function readMrz(
  bytes: Uint8Array,
  glyphs: GlyphModel,
  today: Date,
  explain?: Explain,
): Promise<MrzResult> {
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, failure: "too-large" };
  if (!(await checkImageFormat(bytes)).accepted) return { ok: false, failure: "not-an-image" };
  let read;
  try {
    read = await readMrzFromImage(bytes, glyphs, today, explain);
  } catch (error) {
    // A truncated or corrupt file, or one claiming more pixels than allowed.
    if (isDecodeError(error)) return { ok: false, failure: "not-an-image" };
    throw error;
  }
  if (!read.ok) return { ok: false, failure: read.reason, why: read.why };
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
