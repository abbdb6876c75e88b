import type { StackedRow } from "./line-strips.ts";

/** A character the OCR recognised, with its box in the stacked image. */
export interface OcrSymbol {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One read character position: the character (or "" when the OCR saw none) and how sure. */
export interface SlotReading {
  char: string;
  confidence: number;
}

/**
 * Puts the OCR's characters into the line's known character positions: each symbol goes to the
 * row its centre lies in and the nearest slot; where two land in one slot (a wide letter read as
 * two) the more confident one stays. Lines then always have their exact length, so a dropped or
 * doubled filler cannot shift the fields.
 */
export function assignToSlots(symbols: OcrSymbol[], rows: StackedRow[]): SlotReading[][] {
  const lines = rows.map((row) => row.slots.map((): SlotReading => ({ char: "", confidence: 0 })));
  for (const symbol of symbols) {
    const cy = (symbol.y0 + symbol.y1) / 2, cx = (symbol.x0 + symbol.x1) / 2;
    const r = rows.findIndex((row) => cy >= row.top && cy <= row.bottom);
    if (r < 0) continue;
    const slots = rows[r].slots;
    let best = 0;
    for (let k = 1; k < slots.length; k++) {
      if (Math.abs(slots[k] - cx) < Math.abs(slots[best] - cx)) best = k;
    }
    const pitch = slots.length > 1 ? (slots[slots.length - 1] - slots[0]) / (slots.length - 1) : 1;
    if (Math.abs(slots[best] - cx) > 0.75 * pitch) continue;
    if (symbol.confidence > lines[r][best].confidence || !lines[r][best].char) {
      lines[r][best] = { char: symbol.text, confidence: symbol.confidence };
    }
  }
  return lines;
}
