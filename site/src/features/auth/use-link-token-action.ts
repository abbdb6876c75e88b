import { useState } from "react";

/** Where a single-use e-mailed link's page stands: asking, working, done with a result, or failed. */
export type LinkActionState<Result> =
  | { status: "asking" }
  | { status: "working" }
  | { status: "done"; result: Result }
  | { status: "failed"; error?: unknown };

/** Reads the token once and drops it from the address (a shared screen, the history). */
export function tokenOfAddress(): string | undefined {
  const token = decodeURIComponent(location.hash.slice(1));
  if (token) history.replaceState(history.state, "", location.pathname);
  return token || undefined;
}

/**
 * A page of a single-use e-mailed link: the page asks first, because mail scanners open links and
 * the link works once; `run` spends what `readLink` found in the address when the user confirms.
 * With nothing found the page starts as failed.
 */
export function useLinkAction<Link, Result>(
  readLink: () => Link | undefined,
  run: (link: Link) => Promise<Result>,
) {
  const [link] = useState(readLink);
  const [state, setState] = useState<LinkActionState<Result>>(() =>
    link ? { status: "asking" } : { status: "failed" }
  );

  async function confirm() {
    if (!link) return;
    setState({ status: "working" });
    try {
      setState({ status: "done", result: await run(link) });
    } catch (error) {
      setState({ status: "failed", error });
    }
  }

  return { state, confirm };
}

/**
 * A single-use link whose token travels in the fragment (never sent, so no log holds it); the
 * token is spent by `run` (see useLinkAction).
 */
export function useLinkTokenAction<Result>(run: (token: string) => Promise<Result>) {
  return useLinkAction(tokenOfAddress, run);
}
