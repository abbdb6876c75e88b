import { IMPORT_MAX_UNPACKED_BYTES, IMPORT_MAX_ZIP_ENTRIES } from "@shared/reservation-import.ts";
import { AppError } from "../../../errors.ts";

/**
 * Reading the parts of an XLSX file (a ZIP archive) with limits that hold while inflating: a file
 * of a few kilobytes can inflate to gigabytes (a "zip bomb"), and one with thousands of entries
 * costs work for each. The archive's own directory (at its end) names the entries; only the parts
 * asked for are inflated, in small steps, and reading stops as soon as they add up to more than
 * IMPORT_MAX_UNPACKED_BYTES, whatever sizes the archive declares.
 */

/** Compressed bytes inflated per step: one step yields at most about 1,000 times as many. */
const INFLATE_STEP = 4 * 1024;

/**
 * Inflates raw DEFLATE data (the runtime's zlib, through DecompressionStream) a step at a time,
 * and stops, throwing ImportFileTooLarge, as soon as the output passes `limit` bytes.
 */
async function inflateWithin(data: Uint8Array, limit: number): Promise<Uint8Array> {
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      size += value.length;
      if (size > limit) {
        over = true;
        // Also ends a write waiting for this side to read: it rejects, and the loop stops.
        await reader.cancel().catch(() => {});
        return;
      }
      chunks.push(value);
    }
  })();
  try {
    for (let at = 0; at < data.length && !over; at += INFLATE_STEP) {
      const step = data.subarray(at, Math.min(at + INFLATE_STEP, data.length));
      await writer.write(step as Uint8Array<ArrayBuffer>);
    }
    if (!over) await writer.close();
    await reading;
  } catch {
    if (!over) throw unreadable();
  } finally {
    reader.cancel().catch(() => {});
    writer.abort().catch(() => {});
  }
  if (over) throw tooLargeUnpacked();
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export const tooLargeUnpacked = () =>
  new AppError("ImportFileTooLarge", {
    detail: `The file is too large once unpacked: an XLSX file's sheet may hold at most ${
      IMPORT_MAX_UNPACKED_BYTES / (1024 * 1024)
    } MB of data. Please save just the stays, as in the template.`,
  });

const unreadable = () => new AppError("ImportFileUnreadable");

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/** The archive's directory: each entry's name, method, size and where its data starts. */
export class ZipArchive {
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  readonly #entries = new Map<string, Entry>();
  /** Bytes inflated so far, over every part read. */
  #unpacked = 0;

  constructor(bytes: Uint8Array, private readonly maxUnpacked = IMPORT_MAX_UNPACKED_BYTES) {
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#readDirectory();
  }

  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /** An entry's text (UTF-8), inflated within what is left of the limit; undefined if absent. */
  async text(name: string): Promise<string | undefined> {
    const data = await this.bytes(name);
    return data && new TextDecoder().decode(data);
  }

  async bytes(name: string): Promise<Uint8Array | undefined> {
    const entry = this.#entries.get(name);
    if (!entry) return undefined;
    const data = this.#dataOf(entry);
    const left = this.maxUnpacked - this.#unpacked;
    if (entry.method === 0) {
      if (data.length > left) throw tooLargeUnpacked();
      this.#unpacked += data.length;
      return data;
    }
    if (entry.method !== 8) throw unreadable();
    const out = await inflateWithin(data, left);
    this.#unpacked += out.length;
    return out;
  }

  #u16 = (at: number) => this.#view.getUint16(at, true);
  #u32 = (at: number) => this.#view.getUint32(at, true);
  #u64 = (at: number) => Number(this.#view.getBigUint64(at, true));

  #readDirectory(): void {
    const bytes = this.#bytes;
    // The end-of-directory record: 22 bytes and a comment of at most 65,535, at the very end.
    let eocd = -1;
    for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
      if (this.#u32(at) === 0x06054b50) {
        eocd = at;
        break;
      }
    }
    if (eocd < 0) throw unreadable();
    let count = this.#u16(eocd + 10);
    let directorySize = this.#u32(eocd + 12);
    let directoryOffset = this.#u32(eocd + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      // ZIP64: the locator just before the record points at the 64-bit one.
      const locator = eocd - 20;
      if (locator < 0 || this.#u32(locator) !== 0x07064b50) throw unreadable();
      const record = this.#u64(locator + 8);
      if (record + 56 > bytes.length || this.#u32(record) !== 0x06064b50) throw unreadable();
      count = this.#u64(record + 32);
      directorySize = this.#u64(record + 40);
      directoryOffset = this.#u64(record + 48);
    }
    if (count > IMPORT_MAX_ZIP_ENTRIES) {
      throw new AppError("ImportFileTooLarge", {
        detail: `The file has too many parts: an XLSX file may have at most ${
          IMPORT_MAX_ZIP_ENTRIES.toLocaleString("en")
        }. Please save just the stays, as in the template.`,
      });
    }
    if (directoryOffset + directorySize > bytes.length) throw unreadable();
    let at = directoryOffset;
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || this.#u32(at) !== 0x02014b50) throw unreadable();
      const flags = this.#u16(at + 8);
      const method = this.#u16(at + 10);
      let compressedSize = this.#u32(at + 20);
      const uncompressedSize = this.#u32(at + 24);
      const nameLength = this.#u16(at + 28);
      const extraLength = this.#u16(at + 30);
      const commentLength = this.#u16(at + 32);
      let localHeaderOffset = this.#u32(at + 42);
      const next = at + 46 + nameLength + extraLength + commentLength;
      if (next > bytes.length) throw unreadable();
      if (flags & 1) throw unreadable(); // encrypted
      const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
      // ZIP64 sizes and offsets live in an extra field (id 1), in this order, when saturated.
      for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength;) {
        const id = this.#u16(x);
        const size = this.#u16(x + 2);
        if (id === 1) {
          let field = x + 4;
          const read = () => {
            if (field + 8 > x + 4 + size) throw unreadable();
            const value = this.#u64(field);
            field += 8;
            return value;
          };
          if (uncompressedSize === 0xffffffff) read();
          if (compressedSize === 0xffffffff) compressedSize = read();
          if (localHeaderOffset === 0xffffffff) localHeaderOffset = read();
        }
        x += 4 + size;
      }
      this.#entries.set(name, { name, method, compressedSize, localHeaderOffset });
      at = next;
    }
  }

  /** The entry's compressed bytes, after its local header. */
  #dataOf(entry: Entry): Uint8Array {
    const at = entry.localHeaderOffset;
    if (at + 30 > this.#bytes.length || this.#u32(at) !== 0x04034b50) throw unreadable();
    const start = at + 30 + this.#u16(at + 26) + this.#u16(at + 28);
    const end = start + entry.compressedSize;
    if (end > this.#bytes.length) throw unreadable();
    return this.#bytes.subarray(start, end);
  }
}
