import type {
  PushDevice,
  PushKindsRequest,
  PushSettings,
  PushSubscriptionRequest,
} from "@shared/schemas/push.ts";
import { apiDelete, apiGet, apiPost, apiPut } from "./client.ts";

const PUSH = "/api/Users/manage/push";

/** GET /api/Users/manage/push: the server's public key (null: off), the devices, the kinds. */
export function getPushSettings(signal?: AbortSignal): Promise<PushSettings> {
  return apiGet<PushSettings>(PUSH, undefined, signal);
}

/** POST /api/Users/manage/push/devices: this browser's subscription. */
export function addPushDevice(subscription: PushSubscriptionRequest): Promise<PushDevice> {
  return apiPost<PushDevice>(`${PUSH}/devices`, subscription);
}

/** DELETE /api/Users/manage/push/devices/{id}: no more pushes to that device. */
export function removePushDevice(id: string): Promise<unknown> {
  return apiDelete(`${PUSH}/devices/${encodeURIComponent(id)}`);
}

/** PUT /api/Users/manage/push/kinds: the kinds wanted by push. */
export function savePushKinds(request: PushKindsRequest): Promise<PushSettings> {
  return apiPut<PushSettings>(`${PUSH}/kinds`, request);
}
