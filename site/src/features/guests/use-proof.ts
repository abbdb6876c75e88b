import { useEffect, useState } from "react";
import { decodeProofHtml, getProofOfResidence, type ProofLanguage } from "../../lib/api/guests.ts";

export type ProofLoad =
  | { status: "loading"; previous?: { html: string; url: string | null } }
  | { status: "loaded"; html: string; url: string | null }
  | { status: "failed"; error: unknown };

/** A guest's proof of residence in one language, read again when the language changes. */
export function useProof(externalId: string | undefined, language: ProofLanguage) {
  const [load, setLoad] = useState<ProofLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!externalId) return;
    const controller = new AbortController();
    setLoad((current) => ({
      status: "loading",
      previous: current.status === "loaded" ? { html: current.html, url: current.url } : undefined,
    }));
    getProofOfResidence(externalId, language, controller.signal)
      .then((proof) =>
        setLoad({ status: "loaded", html: decodeProofHtml(proof), url: proof.proofOfResidenceUrl })
      )
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [externalId, language, attempt]);

  return { load, retry: () => setAttempt((n) => n + 1) };
}
