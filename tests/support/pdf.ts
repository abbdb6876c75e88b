/**
 * A PDF's pages, read with poppler's pdfinfo (Debian package poppler-utils, installed by the gate,
 * dev/test.sh); its text is pdfText in ./pdf417.ts.
 */
async function pdfInfo(pdf: Uint8Array): Promise<string> {
  const path = await Deno.makeTempFile({ suffix: ".pdf" });
  await Deno.writeFile(path, pdf);
  const { success, stdout, stderr } = await new Deno.Command("pdfinfo", { args: [path] }).output();
  if (!success) throw new Error(`pdfinfo: ${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout);
}

/** How many pages a PDF has. */
export async function pdfPages(pdf: Uint8Array): Promise<number> {
  return Number(/^Pages:\s+(\d+)/m.exec(await pdfInfo(pdf))?.[1]);
}

/** The width and height of a PDF's pages in millimetres (pdfinfo names the first page's). */
export async function pdfPageSizeMm(pdf: Uint8Array): Promise<[number, number]> {
  const [, w, h] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(await pdfInfo(pdf))!;
  return [Number(w) * 25.4 / 72, Number(h) * 25.4 / 72];
}
