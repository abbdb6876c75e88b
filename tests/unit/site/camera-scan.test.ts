import assert from "node:assert/strict";
import { DocumentType, Gender } from "@shared/enums.ts";
import type { MrzGuest } from "@shared/schemas/mrz-guest.ts";
import { ScanAgreement } from "../../../site/src/features/checkin/camera/agreement.ts";
import { cameraFailureOf } from "../../../site/src/features/checkin/camera/camera-stream.ts";
import { frameSize, guideInVideo } from "../../../site/src/features/checkin/camera/frame-crop.ts";

const BIRGITTE: MrzGuest = {
  name: "Birgitte Ida",
  middleName: null,
  surname: "Rasmussen",
  gender: Gender.Female,
  dateOfBirth: "1961-10-25",
  citizenship: "DNK",
  documentType: DocumentType.Passport,
  documentNumber: "109957822",
  documentExpiryDate: "2029-08-05",
  mrzFormat: "TD3",
  uncertainFields: [],
};

Deno.test("camera scan: two frames agreeing with nothing uncertain end it", () => {
  const scan = new ScanAgreement();
  assert.equal(scan.add(BIRGITTE), undefined, "one frame is not enough");
  assert.deepEqual(scan.add({ ...BIRGITTE, uncertainFields: [] }), {
    ...BIRGITTE,
    uncertainFields: [],
  });
  assert.equal(scan.reads, 2);
});

Deno.test("camera scan: uncertain reads and different reads never agree", () => {
  const scan = new ScanAgreement();
  const doubtful: MrzGuest = { ...BIRGITTE, uncertainFields: ["documentNumber"] };
  assert.equal(scan.add(doubtful), undefined);
  assert.equal(scan.add(doubtful), undefined, "two uncertain reads alike are still uncertain");
  assert.equal(scan.add({ ...BIRGITTE, documentNumber: "109957823" }), undefined);
  assert.equal(scan.add(BIRGITTE), undefined, "differs from the only other certain read");
  // Out of time: the last read, naming what the reads disagreed on and what it doubted.
  assert.deepEqual(scan.fallback(), { ...BIRGITTE, uncertainFields: ["documentNumber"] });
  assert.equal(scan.add(BIRGITTE)?.documentNumber, "109957822", "a second alike ends it");
});

Deno.test("camera scan: out of time, the last read keeps its own doubts and the disagreements", () => {
  const scan = new ScanAgreement();
  assert.equal(scan.fallback(), undefined, "nothing read, nothing to fill in");
  scan.add({ ...BIRGITTE, gender: Gender.Male });
  scan.add({ ...BIRGITTE, uncertainFields: ["citizenship"] });
  assert.deepEqual(scan.fallback(), { ...BIRGITTE, uncertainFields: ["citizenship", "gender"] });
});

Deno.test("camera scan: the guide's band of the video, as object-fit: cover shows it", () => {
  // A phone held upright: 1080×1920 video in a 390×628 view at (0, 60); it fills the width (scale
  // 390/1080) and loses 30.7 px top and bottom. The guide: 316×79 in the middle.
  const element = { x: 0, y: 60, width: 390, height: 628 };
  const guide = { x: 37, y: 334.5, width: 316, height: 79 };
  const crop = guideInVideo({ width: 1080, height: 1920 }, element, guide)!;
  const scale = 390 / 1080;
  const top = (60 + 628 / 2) - (1920 * scale) / 2;
  assert.deepEqual(crop, {
    x: Math.round((37 - 316 * 0.06) / scale),
    y: Math.round((334.5 - 79 * 0.25 - top) / scale),
    width: Math.round((316 * 1.12) / scale),
    height: Math.round((79 * 1.5) / scale),
  });
  // Centred guide, centred crop.
  assert.ok(Math.abs(crop.x + crop.width / 2 - 540) <= 1);
  assert.ok(Math.abs(crop.y + crop.height / 2 - 960) <= 2);

  // A landscape webcam in the same view: only its middle is shown, and only that is cropped.
  const wide = guideInVideo({ width: 1920, height: 1080 }, element, guide)!;
  const wideScale = 628 / 1080;
  assert.equal(wide.width, Math.round((316 * 1.12) / wideScale));
  assert.ok(Math.abs(wide.x + wide.width / 2 - 960) <= 1);

  // The margin never reaches past the picture; no picture yet, no crop.
  const edge = guideInVideo({ width: 1080, height: 1920 }, element, { ...guide, x: 0, width: 390 });
  assert.equal(edge?.x, 0);
  assert.equal(edge?.width, 1080);
  assert.equal(guideInVideo({ width: 0, height: 0 }, element, guide), undefined);
});

Deno.test("camera scan: frames are at most 1280 px wide, never enlarged", () => {
  assert.deepEqual(frameSize({ width: 980, height: 328 }), { width: 980, height: 328 });
  assert.deepEqual(frameSize({ width: 2560, height: 800 }), { width: 1280, height: 400 });
});

Deno.test("camera scan: why there is no camera", () => {
  const named = (name: string) => new DOMException("x", name);
  assert.equal(cameraFailureOf(named("NotAllowedError")), "denied");
  assert.equal(cameraFailureOf(named("NotFoundError")), "unavailable");
  assert.equal(cameraFailureOf(named("NotReadableError")), "unavailable");
  assert.equal(cameraFailureOf(new TypeError("x")), "failed");
});
