import { getLegalConsents } from "../api/legal.ts";
import { ROUTES } from "../navigation/routes.ts";
import { RETURN_PARAM } from "./return-url.ts";

/**
 * Where a fresh sign-in goes: the acceptance page first when a legal document has a version the
 * host has not accepted (it then goes on to `returnUrl`), else `returnUrl`. A failed check never
 * keeps anyone out: the next sign-in asks again.
 */
export async function destinationAfterSignIn(returnUrl: string): Promise<string> {
  try {
    const { pending } = await getLegalConsents();
    if (pending.length === 0) return returnUrl;
    return `${ROUTES.acceptLegal}?${new URLSearchParams({ [RETURN_PARAM]: returnUrl })}`;
  } catch {
    return returnUrl;
  }
}
