import pLimit from "p-limit";
import type { ErrorCode } from "@shared/errors.ts";
import { AppError } from "../../../errors.ts";
import type { SheetRow } from "./sheet-rows.ts";

/** What the worker answers: the rows, or the problem (its detail a message token or text). */
export type WorkerAnswer = { rows: SheetRow[] } | { code: ErrorCode; detail?: string };

/**
 * How long reading one file may take. The template with 5,000 filled rows reads in well under a
 * second; the limits on size, parts and rows keep any file far below this, which is the last
 * guard should something still take the reader long.
 */
export const IMPORT_READ_BUDGET_MS = 10_000;

/** Files read at once by one API process; more wait their turn. */
const READERS = 2;
const readers = pLimit(READERS);

/**
 * Reads an import file (read-sheet.ts) in a Web Worker of its own, so that a large or hostile
 * file costs that worker's thread and never the thread answering every other request, and ends
 * the worker when the file takes longer than `budgetMs` (ImportFileTooLarge). At most READERS
 * files are read at once per process.
 */
export function readImportSheetInWorker(
  bytes: Uint8Array,
  { budgetMs = IMPORT_READ_BUDGET_MS }: { budgetMs?: number } = {},
): Promise<SheetRow[]> {
  return readers(() => readOnce(bytes, budgetMs));
}

function readOnce(bytes: Uint8Array, budgetMs: number): Promise<SheetRow[]> {
  const worker = new Worker(new URL("./read-sheet-worker.ts", import.meta.url), {
    type: "module",
  });
  return new Promise<SheetRow[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        new AppError("ImportFileTooLarge", {
          detail: "The file takes too long to read. Please save just the stays, as in the " +
            "template, and upload that file.",
        }),
      );
    }, budgetMs);
    const settle = () => {
      clearTimeout(timer);
      worker.terminate();
    };
    worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
      settle();
      if ("rows" in data) resolve(data.rows);
      else reject(new AppError(data.code, { detail: data.detail }));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      settle();
      reject(new AppError("ImportFileUnreadable"));
    };
    const copy = bytes.slice();
    worker.postMessage(copy, [copy.buffer]);
  }).finally(() => worker.terminate());
}
