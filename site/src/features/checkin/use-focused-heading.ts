import { useEffect, useRef } from "react";

/**
 * A heading that takes focus when it appears: each step and state starts there. The first view of
 * the stepper keeps the page's natural start (no jump past the header on arrival); a state that
 * replaces the page (`atOnce`: an error, a closed stay) takes focus as soon as it shows, so that a
 * failed retry is read out and the keyboard is not left on a button that is gone.
 */
export function useFocusedHeading(key: string, { atOnce = false } = {}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (isFirst && !atOnce) return;
    ref.current?.focus({ preventScroll: isFirst });
    if (!isFirst) ref.current?.scrollIntoView({ block: "start" });
  }, [key]);
  return ref;
}
