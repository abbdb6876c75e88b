/** Why the camera view shows no camera: refused, none there (or busy), or something else. */
export type CameraFailure = "denied" | "unavailable" | "failed";

/**
 * The rear camera ("environment"), as sharp as it comes: the MRZ band is a small part of the
 * picture. `resizeMode: "none"` (Chromium) takes a format the camera has rather than one the
 * browser crops to the ideal size, so a phone held upright gives an upright picture. No sound.
 * Throws what getUserMedia throws (cameraFailureOf names it).
 */
export function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return Promise.reject(new DOMException("no camera API", "NotFoundError"));
  }
  const video: MediaTrackConstraints & { resizeMode?: "none" | "crop-and-scale" } = {
    facingMode: "environment",
    width: { ideal: 1920 },
    height: { ideal: 1080 },
    resizeMode: "none",
  };
  return navigator.mediaDevices.getUserMedia({ audio: false, video });
}

export function cameraFailureOf(error: unknown): CameraFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (
    name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError" ||
    name === "AbortError"
  ) return "unavailable";
  return "failed";
}

/** Turns the camera off: every track stopped, so the phone's camera light goes out. */
export function stopStream(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
