/**
 * Swedish agricultural block id (Jordbruksverket's `blockid` of `inspire:arslager_block`), the
 * spec's SE "reference". Its exact shape is not documented in SOURCES.md (UNCERTAIN): letters
 * and digits are accepted, and SE ids are asked only with `?country=SE` (never detected).
 */
const BLOCK = /^[0-9A-Z]{4,16}$/;

export const SE_REFERENCE_HINT = "A Swedish agricultural block is Jordbruksverket's block id (letters and digits), asked with ?country=SE.";

export function parseSwedishBlock(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().toUpperCase();
  return BLOCK.test(text) ? text : undefined;
}
