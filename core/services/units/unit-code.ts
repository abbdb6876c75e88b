/** Lower-case letters and digits without look-alikes (no 0/o, 1/l/i), easy to read off a sheet. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 12;

/**
 * A permanent, unguessable unit code (about 59 bits): the QR code on the door links to the
 * check-in page with it, so it must not be derivable from anything else.
 */
export function newUnitCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH * 2));
  let code = "";
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
    if (byte < 248 && code.length < LENGTH) code += ALPHABET[byte % ALPHABET.length];
  }
  return code.length === LENGTH ? code : newUnitCode();
}
