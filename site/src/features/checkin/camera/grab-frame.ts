import { MRZ_FRAME_MAX_BODY_BYTES } from "@shared/mrz-frame.ts";
import { frameSize, type Rect } from "./frame-crop.ts";

/** Qualities tried in turn until a frame fits a frame's body limit (a noisy picture is larger). */
const QUALITIES = [0.85, 0.7, 0.5];
/** The JSON around the base64: `{"imageBytes":""}`. */
const ENVELOPE_BYTES = 32;

/**
 * The part of the video's current picture in `crop`, downscaled (frameSize), as base64 JPEG small
 * enough to count as a camera frame; undefined when even the lowest quality is too large.
 */
export async function grabFrame(
  video: HTMLVideoElement,
  crop: Rect,
  canvas: HTMLCanvasElement,
): Promise<string | undefined> {
  const { width, height } = frameSize(crop);
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.imageSmoothingQuality = "high";
  context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  for (const quality of QUALITIES) {
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", quality)
    );
    if (!blob) throw new Error("the frame could not be encoded");
    const base64 = await base64Of(blob);
    if (base64.length + ENVELOPE_BYTES <= MRZ_FRAME_MAX_BODY_BYTES) return base64;
  }
  return undefined;
}

/** A blob's bytes as base64 (downscale-photo.ts has the same; not shared, to keep chunks apart). */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
