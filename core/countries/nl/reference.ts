import type { ReferenceShape } from '../reference-shape.js';

/**
 * Dutch kadastrale aanduiding (SOURCES.md 3): AKR cadastral municipality code (3 letters + 2
 * digits, `GVH03`) + section (1-2 letters) + parcel number (up to 5 digits), written
 * `GVH03 F 422` or `GVH03-F-422`. Canonical here with dashes, as PDOK's Locatieserver links
 * addresses to parcels (`gekoppeld_perceel: ["ASD04-F-2749"]`). Apartment rights (`A0001`
 * suffix) have no outline of their own and are not accepted.
 */
const AANDUIDING = /^([A-Z]{3}\d{2})[\s-]*([A-Z]{1,2})[\s-]*(\d{1,5})$/;

export const NL_REFERENCE_HINT = 'A Dutch parcel (kadastrale aanduiding) is AKR municipality code + section + number, e.g. GVH03 F 422 or GVH03-F-422.';

export interface DutchParcelId {
  gemeente: string;
  sectie: string;
  perceelnummer: string;
}

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): code (5) + section (1-2) + number (1-5). */
export const NL_REFERENCE_SHAPE: ReferenceShape = { length: [7, 12], chars: /[0-9A-Z]/i };

export function parseDutchReference(raw: string): string | undefined {
  const match = AANDUIDING.exec(raw.normalize('NFC').trim().toUpperCase());
  return match ? `${match[1]}-${match[2]}-${Number(match[3])}` : undefined;
}

export function splitDutchReference(ref: string): DutchParcelId {
  const [gemeente, sectie, perceelnummer] = ref.split('-');
  return { gemeente, sectie, perceelnummer };
}

export const dutchReference = (gemeente: string, sectie: string, perceelnummer: string | number) =>
  parseDutchReference(`${gemeente}-${sectie}-${perceelnummer}`);
