import assert from "node:assert/strict";
import { z } from "zod";
import * as schemas from "../../../shared/schemas/mod.ts";

const registered = Object.entries(schemas).flatMap(([name, value]) => {
  const id = value instanceof z.ZodType ? z.globalRegistry.get(value)?.id : undefined;
  return id ? [[name, id, value as z.ZodType] as const] : [];
});

Deno.test("every entity of spec section 3 is exported under its PascalCase id", () => {
  for (
    const name of [
      "PropertySetupRequest",
      "AccommodationUnit",
      "Property",
      "PropertySettingsUpdate",
      "ExternalAccount",
      "TouristRecord",
      "Guest",
      "ProofOfResidence",
      "Reservation",
      "CreateReservationRequest",
      "GuestRegistration",
      "ImagePayload",
      "Statistics",
      "SubscriptionPackage",
      "CurrentSubscription",
      "PurchaseRequest",
      "PurchasePreview",
      "CreatePurchaseRequestResult",
      "Receipt",
      "ContactMessage",
      "NotificationSync",
      "UserNotification",
      "NotificationParameters",
      "UiNotificationItem",
      "Credentials",
      "LoginRequest",
      "TokenResponse",
      "RefreshRequest",
      "ResetPasswordRequest",
      "TwoFactorState",
      "AccountInfo",
      "AccountUpdate",
      "ImpersonationResult",
      "AdminUserListItem",
      "CookieConsent",
      "Language",
    ]
  ) {
    assert.ok(registered.some(([exported, id]) => exported === name && id === name), name);
  }
});

Deno.test("schema ids are unique, so the OpenAPI components do not clash", () => {
  const ids = registered.map(([, id]) => id);
  assert.equal(new Set(ids).size, ids.length);
});

Deno.test("every schema converts to JSON Schema for requests and responses", () => {
  for (const [name, , schema] of registered) {
    for (const io of ["input", "output"] as const) {
      assert.doesNotThrow(() => z.toJSONSchema(schema, { io }), `${name} (${io})`);
    }
  }
});
