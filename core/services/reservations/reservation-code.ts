/** Upper-case letters and digits without look-alikes, so a code can be read out over the phone. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const LENGTH = 10;

/**
 * A reservation's public code (about 50 bits): short enough to type from a message, long enough
 * that guessing another guest's check-in link is hopeless. 32 letters divide 256, so every
 * character is equally likely.
 */
export function newReservationCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}
