import { z } from "zod";

/** Proof of residence (spec section 3): the printable document, inline and as a link. */
export const ProofOfResidence = z
  .object({
    /** The whole HTML page, base64 so it survives JSON untouched; the dialog renders and prints it. */
    htmlBase64Encoded: z.base64(),
    proofOfResidenceUrl: z.url().nullable(),
  })
  .meta({ id: "ProofOfResidence" });
export type ProofOfResidence = z.infer<typeof ProofOfResidence>;
