import type { LegalOperator } from "@shared/schemas/legal-operator.ts";
import type { AcceptLegalDocuments, LegalConsents } from "@shared/schemas/legal-consent.ts";
import { apiGet, apiPost } from "./client.ts";

/** GET /api/Legal/operator: the company the legal pages name (from the API's configuration). */
export function getLegalOperator(signal?: AbortSignal): Promise<LegalOperator> {
  return apiGet<LegalOperator>("/api/Legal/operator", undefined, signal);
}

/** GET /api/Users/manage/consents: the acceptances given and the documents waiting. */
export function getLegalConsents(signal?: AbortSignal): Promise<LegalConsents> {
  return apiGet<LegalConsents>("/api/Users/manage/consents", undefined, signal);
}

/** POST /api/Users/manage/consents: accept the versions shown. */
export function acceptLegalDocuments(body: AcceptLegalDocuments): Promise<LegalConsents> {
  return apiPost<LegalConsents>("/api/Users/manage/consents", body);
}
