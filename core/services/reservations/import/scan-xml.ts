import { AppError } from "../../../errors.ts";

/**
 * A small XML scanner for the SpreadsheetML parts of an XLSX file (read-xlsx.ts): tag by tag,
 * attributes and text with the five named entities and character references decoded. No DTD is
 * read (a part with one is unreadable), so no entity can expand.
 */

const unreadable = () => new AppError("ImportFileUnreadable");

export type Attributes = Record<string, string>;

export interface XmlHandler {
  open(name: string, attributes: Attributes, selfClosing: boolean): void;
  close(name: string): void;
  /** Text between tags (entities decoded), only while `wantsText()` says so. */
  text(text: string): void;
  wantsText(): boolean;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]+);/g, (whole, entity: string) => {
    if (entity[0] !== "#") return ENTITIES[entity] ?? whole;
    const code = entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** `x:row` is `row`: some writers prefix SpreadsheetML's names. */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** Walks `xml` tag by tag; throws ImportFileUnreadable on what is not well-formed enough. */
export function scanXml(xml: string, handler: XmlHandler): void {
  const length = xml.length;
  let at = 0;
  while (at < length) {
    const lt = xml.indexOf("<", at);
    const textEnd = lt < 0 ? length : lt;
    if (textEnd > at && handler.wantsText()) handler.text(decodeEntities(xml.slice(at, textEnd)));
    if (lt < 0) return;
    const next = xml.charCodeAt(lt + 1);
    if (next === 63 /* ? */) {
      const end = xml.indexOf("?>", lt + 2);
      if (end < 0) throw unreadable();
      at = end + 2;
    } else if (next === 33 /* ! */) {
      if (xml.startsWith("<!--", lt)) {
        const end = xml.indexOf("-->", lt + 4);
        if (end < 0) throw unreadable();
        at = end + 3;
      } else if (xml.startsWith("<![CDATA[", lt)) {
        const end = xml.indexOf("]]>", lt + 9);
        if (end < 0) throw unreadable();
        if (handler.wantsText()) handler.text(xml.slice(lt + 9, end));
        at = end + 3;
      } else {
        throw unreadable(); // a DTD: SpreadsheetML has none
      }
    } else if (next === 47 /* / */) {
      const end = xml.indexOf(">", lt + 2);
      if (end < 0) throw unreadable();
      handler.close(localName(xml.slice(lt + 2, end).trim()));
      at = end + 1;
    } else {
      let i = lt + 1;
      while (i < length && !isSpace(xml.charCodeAt(i)) && xml[i] !== ">" && xml[i] !== "/") i++;
      const name = localName(xml.slice(lt + 1, i));
      if (!name) throw unreadable();
      const attributes: Attributes = {};
      let selfClosing = false;
      for (;;) {
        while (i < length && isSpace(xml.charCodeAt(i))) i++;
        if (i >= length) throw unreadable();
        if (xml[i] === ">") break;
        if (xml[i] === "/" && xml[i + 1] === ">") {
          selfClosing = true;
          i++;
          break;
        }
        const eq = xml.indexOf("=", i);
        if (eq < 0) throw unreadable();
        const attribute = xml.slice(i, eq).trim();
        let q = eq + 1;
        while (q < length && isSpace(xml.charCodeAt(q))) q++;
        const quote = xml[q];
        if (quote !== '"' && quote !== "'") throw unreadable();
        const close = xml.indexOf(quote, q + 1);
        if (close < 0) throw unreadable();
        attributes[attribute] = decodeEntities(xml.slice(q + 1, close));
        i = close + 1;
      }
      handler.open(name, attributes, selfClosing);
      if (selfClosing) handler.close(name);
      at = i + 1;
    }
  }
}

/** An attribute by its local name, whatever its prefix (`r:id`, `ns2:id`). */
export function prefixed(attributes: Attributes, local: string): string | undefined {
  for (const [name, value] of Object.entries(attributes)) {
    if (name.includes(":") && localName(name) === local) return value;
  }
  return undefined;
}
