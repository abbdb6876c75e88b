import { useCallback, useState } from "react";

/**
 * What a dialog shows, kept while it fades out (`open` false, `value` unchanged); `key` counts the
 * openings, so a dialog keyed with it starts each opening from fresh values.
 */
export interface Shown<T> {
  open: boolean;
  key: number;
  value?: T;
}

/** A dialog's state: `show(value)` opens it on a value, `hide()` lets it fade out. */
export function useShown<T>(): Shown<T> & { show: (value: T) => void; hide: () => void } {
  const [shown, setShown] = useState<Shown<T>>({ open: false, key: 0 });
  const show = useCallback(
    (value: T) => setShown((current) => ({ open: true, key: current.key + 1, value })),
    [],
  );
  const hide = useCallback(() => setShown((current) => ({ ...current, open: false })), []);
  return { ...shown, show, hide };
}
