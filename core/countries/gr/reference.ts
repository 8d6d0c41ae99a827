/**
 * Greek KAEK (Κωδικός Αριθμός Εθνικού Κτηματολογίου), 12 digits, e.g. `050095701001`
 * (SOURCES.md 15). Bare digits are not detected as Greek: the spec answers GR references only
 * with `?country=GR`.
 */
const KAEK = /^\d{12}$/;

export const GR_REFERENCE_HINT = 'A Greek parcel is its KAEK, 12 digits (e.g. 050095701001), asked with ?country=GR.';

export function parseGreekReference(raw: string): string | undefined {
  const text = raw
    .normalize('NFC')
    .trim()
    .replace(/[\s.-]+/g, '');
  return KAEK.test(text) ? text : undefined;
}
