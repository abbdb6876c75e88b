import { type DependencyList, useEffect } from "react";

/**
 * Asks the server again and again while `active`: waits `everyMs`, runs one `round`, and waits
 * again unless the round answered false. The check-in follows eVisitor's answer and the host's
 * confirmation this way. `live()` is false once the effect ended (the page moved on, `deps`
 * changed): a round whose answer arrives after that must drop it.
 */
export function useRepeatedRead(
  active: boolean,
  everyMs: number,
  round: (live: () => boolean) => Promise<boolean>,
  deps: DependencyList,
) {
  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const again = await round(() => live);
      if (live && again) timer = setTimeout(tick, everyMs);
    };
    timer = setTimeout(tick, everyMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, deps);
}
