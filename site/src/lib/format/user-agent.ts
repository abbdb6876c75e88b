/**
 * A browser's User-Agent header as people name it: "Chrome 131 · Windows", "Safari 18 · iPhone".
 * The account history shows this instead of the header itself (which reads as noise: "Mozilla/5.0
 * (X11; Linux x86_64) AppleWebKit/537.36 …"); the whole header stays in the element's title. An
 * agent it cannot name (a script, curl) is shown as it is.
 */
export function describeUserAgent(agent: string): string {
  const browser = browserOf(agent);
  const system = systemOf(agent);
  if (!browser) return agent;
  return system ? `${browser} · ${system}` : browser;
}

/** Checked in order: Edge, Opera and Samsung's browser also say "Chrome", and Chrome "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//, "Safari"],
];

function browserOf(agent: string): string | undefined {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(agent);
    if (match) return `${name} ${match[1]}`;
  }
  return undefined;
}

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function systemOf(agent: string): string | undefined {
  return SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
}
