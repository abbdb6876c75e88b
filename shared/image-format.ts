import { fileTypeFromBuffer } from "file-type";

/** Photo formats the MRZ reader takes (what phones and browsers hand over; HEIC is converted by
 * the browser when a photo is picked for upload). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export type ImageFormatCheck =
  | { accepted: true; mime: AcceptedImageType }
  | { accepted: false; detected?: { ext: string; mime: string } };

/**
 * What the bytes are, by their magic numbers (npm `file-type`, which knows a few hundred
 * formats, so a refusal can name what was sent instead, e.g. a PDF).
 */
export async function checkImageFormat(bytes: Uint8Array): Promise<ImageFormatCheck> {
  const type = await fileTypeFromBuffer(bytes);
  if (type && (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    return { accepted: true, mime: type.mime as AcceptedImageType };
  }
  return { accepted: false, detected: type && { ext: type.ext, mime: type.mime } };
}
