import assert from "node:assert/strict";
import { invitationUrl } from "@core/services/property-members/invitation-link.ts";

Deno.test("an invitation link opens the accept page in the inviting host's language", () => {
  assert.equal(
    invitationUrl("https://prijavko.test", "a+b/c"),
    "https://prijavko.test/app/pozivnica?code=a%2Bb%2Fc",
  );
  assert.equal(
    invitationUrl("https://prijavko.test", "abc", "hr"),
    "https://prijavko.test/app/pozivnica?code=abc",
  );
  // English hosts' invitees land on the English page (the app's `?jezik=` parameter).
  assert.equal(
    invitationUrl("https://prijavko.test", "abc", "en"),
    "https://prijavko.test/app/pozivnica?code=abc&jezik=en",
  );
});
