import PDFDocument from "pdfkit";

/**
 * PDFs drawn with pdfkit in DejaVu Sans (shipped by the dejavu-fonts-ttf package), which has the
 * Croatian letters that the PDF standard fonts lack (č, ć, đ).
 */
const FONT_DIR = new URL("../../node_modules/dejavu-fonts-ttf/ttf/", import.meta.url);
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

function loadFonts() {
  fonts ??= Promise.all([
    Deno.readFile(new URL("DejaVuSans.ttf", FONT_DIR)),
    Deno.readFile(new URL("DejaVuSans-Bold.ttf", FONT_DIR)),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

export type Pdf = PDFKit.PDFDocument;

/**
 * Builds an A4 document with the fonts "regular" and "bold" registered; resolves to its bytes.
 * `margin` is the page's (56 pt, 2 cm, unless a drawing wants the whole page).
 */
export async function renderPdf(
  info: { title: string; author: string },
  draw: (doc: Pdf) => void,
  { margin = 56 }: { margin?: number } = {},
): Promise<Uint8Array> {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin,
    info: { Title: info.title, Author: info.author, Creator: "Prijavko" },
  });
  const chunks: Uint8Array[] = [];
  doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  // pdfkit reads fonts from Node buffers.
  doc.registerFont("regular", regular as unknown as Buffer);
  doc.registerFont("bold", bold as unknown as Buffer);
  doc.font("regular");
  draw(doc);
  doc.end();
  await ended;
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
