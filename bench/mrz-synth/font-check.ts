import sharp from "sharp";

/**
 * Fails unless the OCR-B font draws the MRZ: pango falls back to another font without a word when
 * "OCR B" is missing, which would make a set of wrong photos. OCR-B is monospaced with an advance of
 * 0.7231 em; fallbacks differ (DejaVu Sans "1": 0.636 em, the monospaced ones 0.60 em).
 */
export async function assertOcrbFont(): Promise<void> {
  const inkLeftRight = async (text: string) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="120">` +
      `<rect width="1000" height="120" fill="#fff"/><text x="10" y="100" font-family="OCR B" ` +
      `font-size="100" fill="#000">${text}</text></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw()
      .toBuffer({ resolveWithObject: true });
    let right = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (data[y * info.width + x] < 128) right = Math.max(right, x);
      }
    }
    return right;
  };
  const advance = ((await inkLeftRight("1111111111")) - (await inkLeftRight("1"))) / 9 / 100;
  if (Math.abs(advance - 0.7231) > 0.01) {
    throw new Error(
      `the OCR-B font is not what draws "OCR B" (advance ${advance.toFixed(3)} em, want 0.723): ` +
        "install the Debian package fonts-ocr-b",
    );
  }
}
