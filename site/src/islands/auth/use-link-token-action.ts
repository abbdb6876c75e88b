import { useState } from "react";

/** Where a single-use e-mailed link's page stands: asking, working, done with a result, or failed. */
export type LinkActionState<Result> =
  | { status: "asking" }
  | { status: "working" }
  | { status: "done"; result: Result }
  | { status: "failed"; error?: unknown };

/** Reads the token once and drops it from the address (a shared screen, the history). */
function tokenOfAddress(): string | undefined {
  const token = decodeURIComponent(location.hash.slice(1));
  if (token) history.replaceState(history.state, "", location.pathname);
  return token || undefined;
}

/**
 * A page of a single-use link whose token travels in the fragment (never sent, so no log holds
 * it): the page asks first, because mail scanners open links and the link works once; `run`
 * spends the token when the user confirms. Without a token the page starts as failed.
 */
export function useLinkTokenAction<Result>(run: (token: string) => Promise<Result>) {
  const [token] = useState(tokenOfAddress);
  const [state, setState] = useState<LinkActionState<Result>>(() =>
    token ? { status: "asking" } : { status: "failed" }
  );

  async function confirm() {
    if (!token) return;
    setState({ status: "working" });
    try {
      setState({ status: "done", result: await run(token) });
    } catch (error) {
      setState({ status: "failed", error });
    }
  }

  return { state, confirm };
}
