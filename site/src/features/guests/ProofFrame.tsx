import type { Ref } from "react";

interface ProofFrameProps {
  ref?: Ref<HTMLIFrameElement>;
  /** The proof's whole HTML page, as the API wrote it (every value escaped there). */
  html: string;
  title: string;
  className?: string;
  onLoad?: () => void;
}

/**
 * On a phone-wide frame the proof's two columns leave the values a word a line: there each label
 * goes above its value. Paper is wider, so printing is unchanged.
 */
const NARROW_STYLE =
  "<style>@media (max-width: 32rem){body{margin:1rem auto}dl{grid-template-columns:1fr!important;" +
  "gap:0!important}dd{margin-bottom:.6rem!important}}</style>";

function withNarrowStyle(html: string): string {
  return html.includes("</head>") ? html.replace("</head>", `${NARROW_STYLE}</head>`) : html;
}

/**
 * The proof of residence shown as the page it is, in a sandboxed frame: no scripts run in it
 * (none are sent, and none could), it may not navigate or open windows; it keeps the site's
 * origin only so that the page can print it, and may show the print dialog.
 */
export function ProofFrame({ ref, html, title, className = "", onLoad }: ProofFrameProps) {
  return (
    <iframe
      ref={ref}
      title={title}
      srcDoc={withNarrowStyle(html)}
      sandbox="allow-same-origin allow-modals"
      referrerPolicy="no-referrer"
      onLoad={onLoad}
      className={`block w-full rounded-xl border border-border bg-white ${className}`}
    />
  );
}

/** Prints the frame's own document (the proof alone, not the page around it). */
export function printFrame(frame: HTMLIFrameElement | null): boolean {
  const view = frame?.contentWindow;
  if (!view) return false;
  view.focus();
  view.print();
  return true;
}
