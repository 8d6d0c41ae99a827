/**
 * Portuguese parcel (spec: "letters followed by digits"): the DGT INSPIRE layer's
 * nationalcadastralreference, 3 letters + 9 digits, e.g. `AAA000336903`; its label writes the
 * same with spaces (`AAA 001 318 684`), also accepted.
 */
const REFERENCE = /^([A-Z]{3})(\d{9})$/;

export const PT_REFERENCE_HINT = 'A Portuguese parcel is 3 letters followed by 9 digits, e.g. AAA000336903 (also written AAA 000 336 903).';

export function parsePortugueseReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().toUpperCase().replace(/\s+/g, '');
  return REFERENCE.test(text) ? text : undefined;
}
