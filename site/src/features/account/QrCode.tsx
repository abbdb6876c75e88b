import { useEffect, useState } from "react";
import { Spinner } from "../../ui/Spinner.tsx";

interface QrCodeProps {
  value: string;
  /** What the code is for, for people who cannot see it. */
  label: string;
}

/**
 * A QR code drawn in the browser (npm `qrcode`, loaded only when needed) as an SVG image: the
 * otpauth URL holds the two-factor secret, so it never goes to another service. Always dark on
 * white, as scanners expect, in both themes.
 */
export function QrCode({ value, label }: QrCodeProps) {
  const [source, setSource] = useState<string>();

  useEffect(() => {
    let isCurrent = true;
    import("qrcode")
      .then((qrcode) =>
        qrcode.toString(value, { type: "svg", margin: 0, errorCorrectionLevel: "M" })
      )
      .then((svg) => {
        if (isCurrent) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // Without the image the key below still works (typed by hand).
      });
    return () => {
      isCurrent = false;
    };
  }, [value]);

  return (
    <div className="grid size-48 shrink-0 place-items-center rounded-2xl border border-border bg-white p-3">
      {source
        ? <img src={source} alt={label} width={168} height={168} className="size-full" />
        : <Spinner className="size-6 text-primary" />}
    </div>
  );
}
