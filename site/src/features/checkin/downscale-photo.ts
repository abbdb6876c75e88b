/** A document photo is sent with its longest side at most this many pixels: the MRZ stays sharp. */
export const MAX_PHOTO_SIDE = 2000;
const JPEG_QUALITY = 0.9;

/** The size a photo is drawn at: scaled down to fit MAX_PHOTO_SIDE, never up. */
export function fittedSize(width: number, height: number, maxSide = MAX_PHOTO_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Redraws a photo on a canvas (upright, as the camera's EXIF orientation says), at most
 * MAX_PHOTO_SIDE pixels on its longest side, as JPEG; answers its base64. A phone photo of 4–12 MB
 * becomes a few hundred kB, and its metadata (the place it was taken) stays on the phone.
 */
export async function downscalePhoto(file: Blob): Promise<string> {
  const image = await decode(file);
  try {
    const { width, height } = fittedSize(image.width, image.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.fillStyle = "#fff"; // a transparent PNG would turn black in JPEG
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(image.source, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY)
    );
    if (!blob) throw new Error("the photo could not be encoded");
    return await base64Of(blob);
  } finally {
    image.close();
  }
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

/**
 * The photo as something a canvas draws, upright. createImageBitmap where the browser takes its
 * orientation option; otherwise an <img>, which browsers also turn as the EXIF data says.
 */
async function decode(file: Blob): Promise<Decoded> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    return {
      source: bitmap,
      width: bitmap.width,
      height: bitmap.height,
      close: () => bitmap.close(),
    };
  } catch {
    // older Safari: no such option (or no createImageBitmap for this type); try an <img>
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      close: () => URL.revokeObjectURL(url),
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
