import {
  MRZ_GUEST_READ_FIELDS,
  type MrzGuest,
  type MrzGuestReadField,
} from "@shared/schemas/mrz-guest.ts";

/** An answer of the MRZ endpoint. */
export type MrzAnswer = MrzGuest;
/** What a scan hands to the form: the guest with the fields to check named. */
export type ScannedGuest = MrzGuest;

/** The guest fields two reads must share to agree (the MRZ format aside, it names no field). */
const GUEST_FIELDS = MRZ_GUEST_READ_FIELDS;

const keyOf = (guest: MrzGuest) => JSON.stringify(GUEST_FIELDS.map((field) => guest[field]));
const uncertainOf = (answer: MrzAnswer) => answer.uncertainFields;

/**
 * The reads of one camera scan. A scan is done when two frames give the same guest fields with
 * nothing uncertain: one frame may be misread, two alike by chance are very unlikely. Until then,
 * the latest read and the fields the reads disagree on are what a scan that runs out of time has.
 */
export class ScanAgreement {
  #certain = new Map<string, number>();
  #reads: MrzAnswer[] = [];

  /** Records a frame's read; answers the guest when this read makes two certain ones agree. */
  add(answer: MrzAnswer): ScannedGuest | undefined {
    this.#reads.push(answer);
    if (uncertainOf(answer).length > 0) return undefined;
    const key = keyOf(answer);
    const count = (this.#certain.get(key) ?? 0) + 1;
    this.#certain.set(key, count);
    return count >= 2 ? { ...answer, uncertainFields: [] } : undefined;
  }

  /** How many frames were read (agreeing or not). */
  get reads(): number {
    return this.#reads.length;
  }

  /**
   * The best there is when no two reads agreed: the latest read, with its uncertain fields and
   * every field on which the reads differed; undefined when no frame was read at all.
   */
  fallback(): ScannedGuest | undefined {
    const last = this.#reads.at(-1);
    if (!last) return undefined;
    const uncertain = new Set<MrzGuestReadField>(uncertainOf(last));
    for (const read of this.#reads) {
      for (const field of GUEST_FIELDS) if (read[field] !== last[field]) uncertain.add(field);
    }
    return { ...last, uncertainFields: [...uncertain] };
  }
}
