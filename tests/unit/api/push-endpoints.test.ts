import assert from "node:assert/strict";
import { isAllowedPushEndpoint } from "@core/services/push/push-endpoints.ts";

Deno.test("push endpoints: the browsers' push services over https, nothing else", () => {
  for (
    const allowed of [
      "https://fcm.googleapis.com/fcm/send/abc:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGx2cm9",
      "https://db5p.notify.windows.com/w/?token=BQYAAA",
    ]
  ) assert.ok(isAllowedPushEndpoint(allowed), allowed);
  for (
    const refused of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilfcm.googleapis.com.example/x",
      "https://user:pw@fcm.googleapis.com/x",
      "https://127.0.0.1/x",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/x",
      "not a url",
    ]
  ) assert.ok(!isAllowedPushEndpoint(refused), refused);
  // Tests and local development only: their own push endpoint on loopback.
  assert.ok(isAllowedPushEndpoint("http://127.0.0.1:4567/push/a", true));
  assert.ok(!isAllowedPushEndpoint("ftp://127.0.0.1/push", true));
});
