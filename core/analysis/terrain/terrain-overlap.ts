import { area as turfArea, bbox as turfBbox } from '@turf/turf';
import type { BBox, Parcel, Ring } from '../../model/index.js';
import type { AnalysisTables, ProtectedAreaPart } from '../../store/analysis-tables.js';
import { parcelPolygon, simplePolygons } from '../parcel-facts.js';
import type { Natura2000Type, TerrainResult } from '../types.js';
import { sharedAreaM2 } from './site-overlap.js';

/** A site covering at least this share of the parcel counts as `inside` (vertex rounding of the layers leaves slivers). */
export const INSIDE_THRESHOLD_PCT = 99.9;

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Protected-area overlap of a parcel: R*Tree boxes find candidate site polygons, turf
 * intersect/area measure the real overlap. Percentages are of the parcel's area. Sites of
 * Natura 2000 layers fill `natura2000` (one entry per SPA/SCI designation), sites of national
 * designated-areas layers fill `national`; `intersects`, `inside` and `max_overlap_pct` take
 * both registers, since the spec's result crosses the outline with both.
 */
export function terrainOverlap(tables: AnalysisTables, parcel: Parcel): TerrainResult {
  const polygon = parcelPolygon(parcel);
  const box = turfBbox(polygon) as BBox;
  const pieces = simplePolygons(polygon);
  const pieceAreas = pieces.map((piece) => turfArea(piece));
  const parcelArea = pieceAreas.reduce((sum, a) => sum + a, 0);
  const sources = tables.protectedAreaSources();
  const rows = tables.protectedAreaPartsIn(box);

  const shared = new Map<number, { row: ProtectedAreaPart; m2: number }>();
  for (const row of rows) {
    const rings = JSON.parse(row.rings) as Ring[];
    const m2 = parcelArea > 0 ? pieces.reduce((sum, piece, i) => sum + sharedAreaM2(piece, turfBbox(piece) as BBox, rings, pieceAreas[i]), 0) : 0;
    const entry = shared.get(row.siteId) ?? { row, m2: 0 };
    entry.m2 += m2; // parts of one site never overlap each other
    shared.set(row.siteId, entry);
  }
  const natura2000: TerrainResult['protected_areas']['natura2000'] = [];
  const national: TerrainResult['protected_areas']['national'] = [];
  let maxPct = 0;
  for (const { row, m2 } of shared.values()) {
    const pct = Math.min(100, (m2 / parcelArea) * 100);
    if (!(pct > 0)) continue;
    maxPct = Math.max(maxPct, pct);
    const site = { code: row.code, name: row.name, country: row.country, overlap_pct: round2(pct) };
    if (row.register === 'national') {
      national.push({ ...site, designation: row.designation });
      continue;
    }
    for (const type of row.types.split(',').filter(Boolean) as Natura2000Type[]) natura2000.push({ ...site, type });
  }
  const byOverlap = (a: { overlap_pct: number; code: string }, b: { overlap_pct: number; code: string }) =>
    b.overlap_pct - a.overlap_pct || a.code.localeCompare(b.code);
  natura2000.sort(byOverlap);
  national.sort(byOverlap);
  return {
    refcat: parcel.refCatastral,
    country: parcel.pais,
    protected_areas: {
      status: sources.length > 0 ? 'ok' : 'no_data',
      intersects: maxPct > 0,
      inside: maxPct >= INSIDE_THRESHOLD_PCT,
      max_overlap_pct: round2(maxPct),
      natura2000,
      national,
      method: 'parcel',
      sources,
    },
  };
}
