/** A rectangle in some coordinate space: the page's CSS pixels or the video's own pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The guide's width over its height: a wide, low band, room for the two or three MRZ lines. */
export const GUIDE_ASPECT = 4;
/** Room kept around the guide when a frame is cropped: a share of its width, of its height. */
export const CROP_MARGIN = { x: 0.06, y: 0.25 } as const;
/** A frame sent is at most this wide (a TD3 line of 44 characters keeps ~25 px a character). */
export const FRAME_MAX_WIDTH = 1280;

/**
 * The part of the video (in its pixels) the guide covers, with the margin, when the video is
 * shown in `element` with `object-fit: cover` (scaled to fill it, centred, the overflow cut off).
 * Clamped to the video; undefined when the video has no size yet or the guide misses it.
 */
export function guideInVideo(
  video: { width: number; height: number },
  element: Rect,
  guide: Rect,
): Rect | undefined {
  if (video.width <= 0 || video.height <= 0 || element.width <= 0 || element.height <= 0) {
    return undefined;
  }
  const scale = Math.max(element.width / video.width, element.height / video.height);
  const offsetX = (element.width - video.width * scale) / 2;
  const offsetY = (element.height - video.height * scale) / 2;
  const marginX = guide.width * CROP_MARGIN.x;
  const marginY = guide.height * CROP_MARGIN.y;
  const toVideoX = (x: number) => (x - element.x - offsetX) / scale;
  const toVideoY = (y: number) => (y - element.y - offsetY) / scale;
  const x0 = Math.max(0, toVideoX(guide.x - marginX));
  const y0 = Math.max(0, toVideoY(guide.y - marginY));
  const x1 = Math.min(video.width, toVideoX(guide.x + guide.width + marginX));
  const y1 = Math.min(video.height, toVideoY(guide.y + guide.height + marginY));
  if (x1 - x0 < 1 || y1 - y0 < 1) return undefined;
  return {
    x: Math.round(x0),
    y: Math.round(y0),
    width: Math.round(x1 - x0),
    height: Math.round(y1 - y0),
  };
}

/** The size a crop is sent at: at most FRAME_MAX_WIDTH wide, never scaled up. */
export function frameSize(crop: { width: number; height: number }, maxWidth = FRAME_MAX_WIDTH) {
  const scale = Math.min(1, maxWidth / crop.width);
  return {
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
  };
}
