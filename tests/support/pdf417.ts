import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

let ready: Promise<unknown> | undefined;

/**
 * Reads the PDF417 barcodes of a PNG with ZXing (zxing-wasm), loading its WebAssembly from
 * node_modules rather than from a CDN.
 */
export async function readPdf417(png: Uint8Array): Promise<string[]> {
  ready ??= Deno.readFile(
    new URL("../../node_modules/zxing-wasm/dist/reader/zxing_reader.wasm", import.meta.url),
  ).then((wasm) =>
    prepareZXingModule({ overrides: { wasmBinary: wasm.buffer }, fireImmediately: true })
  );
  await ready;
  const results = await readBarcodes(new Blob([png as Uint8Array<ArrayBuffer>]), {
    formats: ["PDF417"],
  });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/** The text of a PDF, as poppler's pdftotext lays it out (Debian package poppler-utils). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const command = new Deno.Command("pdftotext", {
    args: ["-layout", "-enc", "UTF-8", "-", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  });
  let child: Deno.ChildProcess;
  try {
    child = command.spawn();
  } catch (error) {
    throw new Error("pdftotext is missing: install the Debian package poppler-utils", {
      cause: error,
    });
  }
  const writer = child.stdin.getWriter();
  await writer.write(pdf);
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  if (code !== 0) throw new Error(`pdftotext failed: ${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout);
}
