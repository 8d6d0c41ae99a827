import type { ReferenceShape } from '../reference-shape.js';

/**
 * Liechtenstein parcel: the Gemeinde's BFS number (7001 Balzers … 7011 Vaduz) and the
 * Grundstücknummer, written `7011-1234`. No Liechtenstein service or reference appears in
 * SOURCES.md (UNCERTAIN): this is the form the INSPIRE nationalCadastralReference is expected to
 * take. Four digits, a dash and a number is also a Danish ejerlav-matrikelnr (300 naming both).
 */
const PARCEL = /^(70(?:0[1-9]|1[01]))[\s-]+(\d{1,5})$/;

export const LI_REFERENCE_HINT = 'A Liechtenstein parcel is the Gemeinde number (7001-7011) and the Grundstücknummer, e.g. 7011-1234.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): Gemeinde (4) + number (1-5). */
export const LI_REFERENCE_SHAPE: ReferenceShape = { length: [5, 9], chars: /[0-9]/ };

export function parseLiechtensteinReference(raw: string): string | undefined {
  const match = PARCEL.exec(raw.normalize('NFC').trim());
  return match && Number(match[2]) > 0 ? `${match[1]}-${Number(match[2])}` : undefined;
}
