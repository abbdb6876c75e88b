import { type RefObject, useEffect, useRef, useState } from "react";
import { type MrzAnswer, ScanAgreement, type ScannedGuest } from "./agreement.ts";
import {
  type CameraFailure,
  cameraFailureOf,
  openRearCamera,
  stopStream,
} from "./camera-stream.ts";
import { guideInVideo } from "./frame-crop.ts";
import { grabFrame } from "./grab-frame.ts";

/** A frame is sent at most this often (one at a time: the next waits for the answer). */
export const FRAME_INTERVAL_MS = 500;
/** Without two agreeing reads by then, the scan stops and offers a photo instead. */
export const SCAN_TIMEOUT_MS = 20_000;

/** Where the scan stands; the view says each in words. */
type Status =
  | { kind: "starting" }
  | { kind: "looking" }
  | { kind: "holdStill" }
  | { kind: "read" }
  | { kind: "timedOut" }
  /** Out of time with reads that never agreed: the guest may take the last, doubts named. */
  | { kind: "unconfirmed"; guest: ScannedGuest }
  | { kind: "noCamera"; reason: CameraFailure };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/** The reader found no MRZ in the frame (422 DocumentUnreadable): the guest is still aiming. */
const isMiss = (error: unknown) =>
  error instanceof Error && (error as Error & { status?: number }).status === 422;

/**
 * The camera scan's loop: opens the rear camera into `video`, sends the `guide`'s band of each
 * frame to the reader one at a time until two frames agree, and stops the camera whenever the scan
 * ends (read, timed out, failed, closed, the page left). `retry` starts it afresh.
 */
export function useCameraScan(
  { video, guide, read, onScanned, onFailed }: {
    video: RefObject<HTMLVideoElement | null>;
    guide: RefObject<HTMLDivElement | null>;
    read: (frame: string) => Promise<MrzAnswer>;
    onScanned: (guest: ScannedGuest) => void;
    onFailed: (error: unknown) => void;
  },
) {
  const [status, setStatus] = useState<Status>({ kind: "starting" });
  /** Bumped by "Try again": the camera starts afresh. */
  const [attempt, setAttempt] = useState(0);
  const callbacks = useRef({ read, onScanned, onFailed });
  callbacks.current = { read, onScanned, onFailed };

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    let stream: MediaStream | undefined;
    const stop = () => {
      abort.abort();
      stopStream(stream);
    };
    const canvas = document.createElement("canvas");

    async function start() {
      try {
        stream = await openRearCamera();
      } catch (error) {
        if (!signal.aborted) setStatus({ kind: "noCamera", reason: cameraFailureOf(error) });
        return;
      }
      if (signal.aborted) return stopStream(stream);
      const player = video.current!;
      player.srcObject = stream;
      await player.play().catch(() => {}); // muted and inline: allowed; frames come either way
      setStatus({ kind: "looking" });
      await scan();
    }

    async function scan() {
      const agreement = new ScanAgreement();
      const deadline = performance.now() + SCAN_TIMEOUT_MS;
      while (!signal.aborted) {
        const started = performance.now();
        if (started > deadline) {
          stop();
          const best = agreement.fallback();
          return setStatus(best ? { kind: "unconfirmed", guest: best } : { kind: "timedOut" });
        }
        const frame = await nextFrame();
        if (frame && !signal.aborted) {
          let answer: MrzAnswer | undefined;
          try {
            answer = await callbacks.current.read(frame);
          } catch (error) {
            if (signal.aborted) return;
            if (!isMiss(error)) {
              stop();
              return callbacks.current.onFailed(error);
            }
          }
          if (signal.aborted) return; // closed while the frame was being read
          if (answer) {
            const agreed = agreement.add(answer);
            if (agreed) {
              stop();
              setStatus({ kind: "read" });
              return callbacks.current.onScanned(agreed);
            }
          }
          setStatus({ kind: agreement.reads > 0 ? "holdStill" : "looking" });
        }
        await sleep(Math.max(0, FRAME_INTERVAL_MS - (performance.now() - started)), signal);
      }
    }

    /** The guide's band of the picture shown now; undefined while the video has no picture. */
    function nextFrame(): Promise<string | undefined> {
      const player = video.current;
      const band = guide.current;
      if (!player || !band || player.readyState < player.HAVE_CURRENT_DATA) {
        return Promise.resolve(undefined);
      }
      const crop = guideInVideo(
        { width: player.videoWidth, height: player.videoHeight },
        player.getBoundingClientRect(),
        band.getBoundingClientRect(),
      );
      return crop ? grabFrame(player, crop, canvas) : Promise.resolve(undefined);
    }

    start().catch(() => {
      // The picture could not be taken or encoded: no scan, the photo and the file remain.
      if (signal.aborted) return;
      stop();
      setStatus({ kind: "noCamera", reason: "failed" });
    });
    globalThis.addEventListener("pagehide", stop);
    return () => {
      globalThis.removeEventListener("pagehide", stop);
      stop();
    };
  }, [attempt]);

  function retry() {
    setStatus({ kind: "starting" });
    setAttempt((n) => n + 1);
  }

  return { status, retry };
}
