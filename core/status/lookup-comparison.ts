import { distance } from '@turf/turf';
import type { LonLat } from '../model/index.js';

/**
 * How far an answer's area may be from the recorded one: 2 % (at least 1 m²). Services state the
 * area they registered or compute it from an outline whose vertices they round, so a recorded
 * 1,968 m² may come back as 1,952; a different parcel or outline differs by far more.
 */
export const AREA_TOLERANCE = { relative: 0.02, absoluteM2: 1 } as const;
/**
 * How far the answer's centre may be from the recorded one, metres: the centre is computed here
 * from the outline (or given by the service), and an outline redrawn in another CRS moves it by
 * centimetres; another parcel, or coordinates read in the wrong axis order, move it by far more.
 */
export const CENTRE_TOLERANCE_M = 25;

/** The key fields a check compares: of the known (recorded) answer, and of the live one. */
export interface KeyFields {
  ref: string;
  areaM2?: number;
  /** [longitude, latitude] */
  centre?: LonLat;
  municipality?: string;
}

/** Two references are the same parcel's when equal after the country's own normalisation (`sameRef`), else as typed, ignoring case and spaces. */
const loose = (ref: string) => ref.replace(/\s+/g, '').toUpperCase();

/** Municipality names as services spell them: MADRID, Madrid; Saint-Viâtre, SAINT VIATRE. */
const foldName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * What differs between the known answer and the live one, in words; empty when they match. Only
 * the fields the known answer has are compared (a country whose evidence was written by hand has
 * no recorded area or centre, so its reference alone is compared).
 */
export function keyFieldDifferences(known: KeyFields, live: KeyFields, sameRef: (a: string, b: string) => boolean = (a, b) => loose(a) === loose(b)): string[] {
  const differences: string[] = [];
  if (!sameRef(known.ref, live.ref)) differences.push(`reference ${live.ref}, expected ${known.ref}`);
  if (known.areaM2 !== undefined) {
    const allowed = Math.max(AREA_TOLERANCE.absoluteM2, known.areaM2 * AREA_TOLERANCE.relative);
    if (live.areaM2 === undefined || !Number.isFinite(live.areaM2)) differences.push(`no area, expected ${known.areaM2} m²`);
    else if (Math.abs(live.areaM2 - known.areaM2) > allowed)
      differences.push(`area ${round(live.areaM2)} m², expected ${known.areaM2} m² (±${round(allowed)})`);
  }
  if (known.centre) {
    const apart = live.centre && live.centre.every(Number.isFinite) ? distance(known.centre, live.centre, { units: 'meters' }) : undefined;
    if (apart === undefined) differences.push('no centre');
    else if (apart > CENTRE_TOLERANCE_M) differences.push(`centre ${Math.round(apart)} m from the recorded one (±${CENTRE_TOLERANCE_M} m)`);
  }
  if (known.municipality !== undefined && (live.municipality === undefined || foldName(live.municipality) !== foldName(known.municipality))) {
    differences.push(`municipality ${live.municipality ?? 'missing'}, expected ${known.municipality}`);
  }
  return differences;
}

const round = (value: number) => Math.round(value * 100) / 100;
