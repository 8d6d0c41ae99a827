import type { ReferenceShape } from '../reference-shape.js';

/**
 * Cypriot parcel (DLS layer field `nationalCadastralRef`; SOURCES.md 15): district code, then
 * sheet/plan, then further groups and the parcel number, separated by `-`, e.g. `1-21/43-0-123`.
 * The grouping after sheet/plan is read from one client's parser (split on `-` and `/`); no
 * real reference was seen: UNCERTAIN.
 */
const REFERENCE = /^\d{1,2}-\d{1,3}\/\d{1,3}(?:-[0-9A-Z]{1,6}){1,3}$/;

export const CY_REFERENCE_HINT =
  'A Cypriot parcel is written as the Department of Lands and Surveys writes it: district-sheet/plan-…-parcel, e.g. 1-21/43-0-123.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): district-sheet/plan-… with 1-3 trailing groups of up to 6. */
export const CY_REFERENCE_SHAPE: ReferenceShape = { length: [5, 27], chars: /[0-9A-Z/]/i, required: '/' };

export function parseCypriotReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().toUpperCase().replace(/\s+/g, '');
  return REFERENCE.test(text) ? text : undefined;
}
