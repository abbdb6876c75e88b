/**
 * The seeded random numbers of the synthetic MRZ set (sfc32). A generator's whole state is its
 * split, the set's seed and the document's index, so two splits never share a stream and the same
 * split, seed and index always give the same document and image.
 */
export const SPLITS = ["train", "tune", "report"] as const;
export type Split = typeof SPLITS[number];

export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(...words: number[]) {
    const [a = 0, b = 0, c = 0, d = 0] = words;
    this.#a = a >>> 0;
    this.#b = b >>> 0;
    this.#c = c >>> 0;
    this.#d = d >>> 0;
    for (let i = 0; i < 20; i++) this.next();
  }

  /** For a document: split (1, 2, 3), seed, index and a fixed odd word in the state. */
  static forDocument(split: Split, seed: number, index: number): Rng {
    return new Rng(SPLITS.indexOf(split) + 1, seed, index, 0x9e3779b9);
  }

  /** A uniform number in [0, 1). */
  next(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
    this.#d = (this.#d + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t / 4294967296;
  }

  /** A generator of its own for a separate concern (so adding draws in one leaves the other). */
  fork(): Rng {
    return new Rng(
      this.next() * 2 ** 32,
      this.next() * 2 ** 32,
      this.next() * 2 ** 32,
      this.next() * 2 ** 32,
    );
  }

  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.next());
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of entries) {
      r -= w;
      if (r < 0) return item;
    }
    return entries[entries.length - 1][0];
  }

  /** A standard normal number (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Characters drawn from an alphabet. */
  chars(alphabet: string, n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /** A number rounded to a given count of decimals (as recorded in the ground truth). */
  round(min: number, max: number, decimals = 2): number {
    return round(this.float(min, max), decimals);
  }
}

export function round(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
