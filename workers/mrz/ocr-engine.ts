import { fileURLToPath } from "node:url";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { MRZ_ALPHABET } from "./mrz-format.ts";
import type { OcrSymbol } from "./slot-text.ts";

/**
 * Tesseract through tesseract.js (the C++ engine compiled to WebAssembly, run in a worker thread)
 * with the English model that the npm package @tesseract.js-data/eng ships, read from
 * node_modules: nothing is downloaded at run time.
 */
const MODEL_DIR = fileURLToPath(
  new URL("../../node_modules/@tesseract.js-data/eng/", import.meta.url),
);

export interface OcrEngine {
  /** The characters of an image of stacked MRZ lines (PNG bytes) with their boxes. */
  readSymbols(png: Uint8Array): Promise<OcrSymbol[]>;
  close(): Promise<void>;
}

/**
 * Starts Tesseract's LSTM engine (about a second: the model is read and unpacked), to be kept for
 * the life of the process. It is the MRZ reader's second opinion: it does not know OCR-B (runs
 * of `<` come out as "KLKL"), but where it reads a letter or digit other than the glyph
 * classifier's, the field is not certain. Jobs run one at a time in its thread; callers queue.
 */
export async function createOcrEngine(): Promise<OcrEngine> {
  const worker: Worker = await createWorker(
    "eng",
    OEM.LSTM_ONLY,
    {
      // 4.0.0_best_int: the LSTM-only model.
      langPath: MODEL_DIR + "4.0.0_best_int",
      cacheMethod: "none",
      gzip: true,
      legacyCore: false,
      legacyLang: false,
    },
    // No dictionaries (an MRZ has no words); no learning from one image to the next, so every
    // request is read the same way whatever came before.
    { load_system_dawg: "0", load_freq_dawg: "0", classify_enable_learning: "0" } as never,
  );
  await worker.setParameters({
    tessedit_char_whitelist: MRZ_ALPHABET,
    // One uniform block: the strips come straightened and stacked.
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    // Strips carry no resolution; this only silences Tesseract's guess.
    user_defined_dpi: "300",
  } as never);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    readSymbols(png) {
      const job = queue.then(async () => {
        const { data } = await worker.recognize(png as never, {}, { blocks: true, text: false });
        const symbols: OcrSymbol[] = [];
        for (const block of data.blocks ?? []) {
          for (const paragraph of block.paragraphs) {
            for (const line of paragraph.lines) {
              for (const word of line.words) {
                for (const s of word.symbols) {
                  const text = s.text.trim();
                  if (!text) continue;
                  symbols.push({ text, confidence: s.confidence, ...s.bbox });
                }
              }
            }
          }
        }
        return symbols;
      });
      queue = job.catch(() => {});
      return job;
    },
    close: () => worker.terminate().then(() => {}),
  };
}
