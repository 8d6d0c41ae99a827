import type { ReferenceShape } from '../reference-shape.js';

/**
 * Finnish kiinteistötunnus: municipality (3) - village or district (3) - house or block (4) -
 * parcel (4), written short `91-410-3-44` or long, zero-padded, `09141000030044` (SOURCES.md 10;
 * UNCERTAIN which form the INSPIRE answers write as nationalCadastralReference: both are read,
 * and asked). Canonical: the short form. Detection claims both: 14 bare digits are also a French
 * IDU's and a stripped German Kennzeichen's shape, so they answer 300 CNV_AMBIGUOUS naming all three
 * (spec: bare digits that could belong to several countries).
 */
const SHORT = /^(\d{1,3})-(\d{1,3})-(\d{1,4})-(\d{1,4})$/;
const LONG = /^(\d{3})(\d{3})(\d{4})(\d{4})$/;

export const FI_REFERENCE_HINT =
  'A Finnish property is its kiinteistötunnus, e.g. 91-410-3-44 (or the 14 digits 09141000030044, with ?country=FI since France and Germany write 14 digits too).';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): the dashed kiinteistötunnus (4-14 digits) or the 14 digits. */
export const FI_REFERENCE_SHAPE: ReferenceShape = { length: [4, 14], chars: /[0-9]/ };

export function parseFinnishReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '');
  const match = SHORT.exec(text) ?? LONG.exec(text);
  return match ? match.slice(1, 5).map(Number).join('-') : undefined;
}

/** The long form (3-3-4-4 digits) of a canonical reference. */
export function longFinnishReference(ref: string): string {
  const widths = [3, 3, 4, 4];
  return ref
    .split('-')
    .map((part, i) => part.padStart(widths[i], '0'))
    .join('');
}
