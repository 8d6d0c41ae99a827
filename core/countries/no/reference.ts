import type { ReferenceShape } from '../reference-shape.js';

/**
 * Norwegian matrikkelnummer: kommunenummer (4 digits) - gårdsnummer / bruksnummer
 * [/ festenummer], `0301-208/646` (SOURCES.md 15). Canonical: the festenummer only when not 0.
 * Slovenia's `KO-parcel/part` has the same shape: such a reference answers 300 CNV_AMBIGUOUS
 * with both (spec).
 */
const MATRIKKEL = /^(\d{4})[\s-]+(\d{1,5})\/(\d{1,4})(?:\/(\d{1,4}))?$/;

export const NO_REFERENCE_HINT = 'A Norwegian property is kommunenummer-gårdsnummer/bruksnummer[/festenummer], e.g. 0301-208/646.';

export interface Matrikkelnummer {
  kommune: string;
  gnr: number;
  bnr: number;
  fnr: number;
}

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): kommune (4) + gnr (1-5) / bnr (1-4) [/ fnr (1-4)]. */
export const NO_REFERENCE_SHAPE: ReferenceShape = { length: [7, 19], chars: /[0-9/]/, required: '/' };

export function splitNorwegianReference(raw: string): Matrikkelnummer | undefined {
  const match = MATRIKKEL.exec(raw.normalize('NFC').trim());
  return match ? { kommune: match[1], gnr: Number(match[2]), bnr: Number(match[3]), fnr: Number(match[4] ?? 0) } : undefined;
}

export const norwegianReference = ({ kommune, gnr, bnr, fnr }: Matrikkelnummer) => `${kommune}-${gnr}/${bnr}${fnr > 0 ? `/${fnr}` : ''}`;

export function parseNorwegianReference(raw: string): string | undefined {
  const parts = splitNorwegianReference(raw);
  return parts && norwegianReference(parts);
}

/** The reference of a matrikkelenhet from its numbers as the services write them. */
export function referenceOfNumbers(kommune: unknown, gnr: unknown, bnr: unknown, fnr?: unknown): string | undefined {
  const text = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '');
  const k = text(kommune).padStart(4, '0');
  return parseNorwegianReference(`${k}-${text(gnr)}/${text(bnr)}${text(fnr) && text(fnr) !== '0' ? `/${text(fnr)}` : ''}`);
}
