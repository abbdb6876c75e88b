/**
 * The Web Worker that reads an import file (read-in-worker.ts starts one per file): it gets the
 * file's bytes and answers its rows, or the problem's code and detail.
 */
import { message } from "@shared/messages.ts";
import { AppError } from "../../../errors.ts";
import { readImportSheet } from "./read-sheet.ts";
import type { WorkerAnswer } from "./read-in-worker.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Uint8Array>) => Promise<void>) | null;
  postMessage(answer: WorkerAnswer): void;
};

scope.onmessage = async ({ data }) => {
  let answer: WorkerAnswer;
  try {
    answer = { rows: await readImportSheet(data) };
  } catch (error) {
    // The detail goes back by its message key where it has one, to reach the answer as such.
    const detail = error instanceof AppError && error.detailCode
      ? message(error.detailCode.code, error.detailCode.params)
      : (error as AppError).detail;
    answer = error instanceof AppError
      ? { code: error.code, detail }
      : { code: "ImportFileUnreadable" };
  }
  scope.postMessage(answer);
};
