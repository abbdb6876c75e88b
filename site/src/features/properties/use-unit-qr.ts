import { useEffect, useState } from "react";
import { getUnitQr, type UnitQrKind } from "../../lib/api/accommodation-units.ts";
import { ApiError } from "../../lib/api/api-error.ts";

export type QrImage =
  | { status: "loading" }
  | { status: "ready"; url: string }
  /** Only for WiFi: neither the unit nor its property has WiFi. */
  | { status: "none" }
  | { status: "failed"; error: unknown };

/**
 * A unit's QR code as an image address. The API wants the bearer header, which an <img> cannot
 * send, so the SVG is fetched through the API client and shown from an object URL (released when
 * no longer shown). `code` undefined waits.
 */
export function useUnitQr(code: string | undefined, kind: UnitQrKind): {
  image: QrImage;
  retry: () => void;
} {
  const [image, setImage] = useState<QrImage>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    let url: string | undefined;
    setImage({ status: "loading" });
    getUnitQr(code, kind, "svg", controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setImage({ status: "ready", url });
      })
      .catch((error) => {
        if (controller.signal.aborted) return;
        const isNone = kind === "wifi" && error instanceof ApiError && error.status === 404;
        setImage(isNone ? { status: "none" } : { status: "failed", error });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [code, kind, attempt]);

  return { image, retry: () => setAttempt((n) => n + 1) };
}
