import type { StayRequest, StayRequestDecision } from "@shared/schemas/stay-request.ts";
import { apiGet, apiPost, apiRequest } from "./client.ts";

/** What answering a walk-in's request did (issue 20 item 5). */
export interface StayRequestAnswer {
  state: "Pending" | "Confirmed" | "Declined" | "Expired";
  reservationCode: string | null;
}

/** GET /api/StayRequests: walk-ins waiting for an answer in the host's properties. */
export function listStayRequests(signal?: AbortSignal): Promise<StayRequest[]> {
  return apiGet<StayRequest[]>("/api/StayRequests", undefined, signal);
}

/** POST /api/StayRequests/{id}/confirm or /decline: the host's one tap. */
export function answerStayRequest(
  id: string,
  decision: StayRequestDecision,
): Promise<StayRequestAnswer> {
  return apiPost<StayRequestAnswer>(`/api/StayRequests/${encodeURIComponent(id)}/${decision}`);
}

/** POST /api/StayRequests/answer: the e-mailed single-use link (no sign-in). */
export function answerStayRequestByLink(
  token: string,
  decision: StayRequestDecision,
): Promise<StayRequestAnswer> {
  return apiRequest<StayRequestAnswer>("/api/StayRequests/answer", {
    auth: false,
    method: "POST",
    body: { token, decision },
  });
}
