import Bowser from "bowser";

/** Every browser and system name bowser knows; its catch-all parser echoes the header instead. */
const BROWSERS = new Set<string>(Object.values(Bowser.BROWSER_MAP));
const SYSTEMS = new Set<string>(Object.values(Bowser.OS_MAP));

/** The longest header parsed: a browser's is a few hundred characters. */
const PARSED_MAX = 1024;

/**
 * What the account history keeps of a User-Agent header: the browser's name and major version
 * and the system's name as bowser knows them (`Chrome 131 · Windows`, `Safari 18 · iOS`), or
 * null when it names neither. Nothing of the header's own text is kept beyond those names from
 * bowser's fixed lists and the version's digits, so a crafted header cannot write text (markup,
 * a phone number, a message) into an account's history.
 */
export function describeUserAgent(header: string | undefined | null): string | null {
  const agent = header?.trim().slice(0, PARSED_MAX);
  if (!agent) return null;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(agent);
  } catch {
    return null;
  }
  const name = parsed.browser.name;
  const major = /^(\d{1,4})(?:\.|$)/.exec(parsed.browser.version ?? "")?.[1];
  const browser = name && BROWSERS.has(name) ? (major ? `${name} ${major}` : name) : undefined;
  const system = parsed.os.name && SYSTEMS.has(parsed.os.name) ? parsed.os.name : undefined;
  if (!browser && !system) return null;
  return [browser, system].filter(Boolean).join(" · ");
}

/** Whether `text` is a description describeUserAgent makes (and not a header kept earlier). */
export function isUserAgentDescription(text: string): boolean {
  const [browser, system, ...rest] = text.split(" · ");
  if (rest.length > 0) return false;
  const known = (part: string) => BROWSERS.has(part.replace(/ \d{1,4}$/, "")) || SYSTEMS.has(part);
  return known(browser) && (system === undefined || SYSTEMS.has(system));
}
