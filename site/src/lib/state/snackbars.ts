import { atom, getDefaultStore } from "jotai";

/**
 * Snackbars (spec sections 3, 4 and 9): a message, a colour and a timeout in milliseconds,
 * visible until the timeout elapses or Close is pressed; -1 keeps it until closed.
 */
export type SnackbarColor = "info" | "success" | "warning" | "error";

export interface Snackbar {
  id: number;
  message: string;
  color: SnackbarColor;
  timeout: number;
  topic?: string;
}

export interface NotifyOptions {
  color?: SnackbarColor;
  /** Milliseconds; 5000 by default, -1 to stay until closed. */
  timeout?: number;
  /**
   * What the message is about (e.g. "externalAccount"): a newer message on the same topic
   * replaces the older one, so "not connected" does not linger above "connected".
   */
  topic?: string;
}

export const DEFAULT_SNACKBAR_TIMEOUT_MS = 5_000;
/** A message kept for the next page (e.g. "impersonation ended" before a redirect). */
const PENDING_STORAGE_KEY = "pendingSnackbars";
/** Older ones make room: a stack taller than this hides the page. */
const MAX_VISIBLE = 4;

let nextId = 1;

export const snackbarsAtom = atom<Snackbar[]>([]);
snackbarsAtom.onMount = (setSnackbars) => {
  const pending = takePending();
  if (pending.length > 0) setSnackbars((current) => [...current, ...pending.map(toSnackbar)]);
};

/** Shows a snackbar; any island (or plain module) can call it. Returns its id. */
export function notify(message: string, options: NotifyOptions = {}): number {
  const snackbar = toSnackbar({ message, ...options });
  getDefaultStore().set(snackbarsAtom, (current) =>
    [
      ...current.filter((item) => !snackbar.topic || item.topic !== snackbar.topic),
      snackbar,
    ].slice(-MAX_VISIBLE));
  return snackbar.id;
}

export function dismissSnackbar(id: number): void {
  getDefaultStore().set(snackbarsAtom, (current) => current.filter((item) => item.id !== id));
}

/** Shows the snackbar on the next page this tab opens (the current one is about to leave). */
export function notifyOnNextPage(message: string, options: NotifyOptions = {}): void {
  try {
    const pending = [...readPending(), { message, ...options }];
    sessionStorage.setItem(PENDING_STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Storage blocked: the message is lost, the action itself still happened.
  }
}

type Pending = { message: string } & NotifyOptions;

function toSnackbar(
  { message, color = "info", timeout = DEFAULT_SNACKBAR_TIMEOUT_MS, topic }: Pending,
): Snackbar {
  return { id: nextId++, message, color, timeout, ...(topic ? { topic } : {}) };
}

function readPending(): Pending[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PENDING_STORAGE_KEY) ?? "[]");
    return Array.isArray(value)
      ? value.filter((item): item is Pending => typeof item?.message === "string")
      : [];
  } catch {
    return [];
  }
}

function takePending(): Pending[] {
  const pending = readPending();
  try {
    sessionStorage.removeItem(PENDING_STORAGE_KEY);
  } catch {
    // Nothing to remove.
  }
  return pending;
}
