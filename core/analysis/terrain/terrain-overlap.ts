import { area as turfArea, bbox as turfBbox } from '@turf/turf';
import type { Database } from 'better-sqlite3';
import type { BBox, Parcel, Ring } from '../../model/index.js';
import { parcelPolygon, simplePolygons } from '../parcel-facts.js';
import type { Natura2000Type, TerrainResult } from '../types.js';
import type { SiteRegister } from './protected-area-schema.js';
import { sharedAreaM2 } from './site-overlap.js';

/** A site covering at least this share of the parcel counts as `inside` (vertex rounding of the layers leaves slivers). */
export const INSIDE_THRESHOLD_PCT = 99.9;

const round2 = (v: number) => Math.round(v * 100) / 100;

interface CandidateRow { site_id: number; register: SiteRegister; code: string; name: string; types: string; designation: string; country: string; rings: string }

/**
 * Protected-area overlap of a parcel: R*Tree boxes find candidate site polygons, turf
 * intersect/area measure the real overlap. Percentages are of the parcel's area. Sites of
 * Natura 2000 layers fill `natura2000` (one entry per SPA/SCI designation), sites of national
 * designated-areas layers fill `national`; `intersects`, `inside` and `max_overlap_pct` take
 * both registers, since the spec's result crosses the outline with both.
 */
export function terrainOverlap(db: Database, parcel: Parcel): TerrainResult {
  const polygon = parcelPolygon(parcel);
  const box = turfBbox(polygon) as BBox;
  const pieces = simplePolygons(polygon);
  const pieceAreas = pieces.map((piece) => turfArea(piece));
  const parcelArea = pieceAreas.reduce((sum, a) => sum + a, 0);
  const sources = (db.prepare('SELECT name, license, edition FROM analysis_pa_datasets ORDER BY id').all() as TerrainResult['protected_areas']['sources']);
  const rows = db.prepare(`
    SELECT s.id AS site_id, d.register, s.code, s.name, s.types, s.designation, s.country, p.rings
    FROM analysis_pa_parts_rtree r JOIN analysis_pa_parts p ON p.id = r.id JOIN analysis_pa_sites s ON s.id = p.site_id
      JOIN analysis_pa_datasets d ON d.id = s.dataset_id
    WHERE r.min_lon <= ? AND r.max_lon >= ? AND r.min_lat <= ? AND r.max_lat >= ?`).all(box[2], box[0], box[3], box[1]) as CandidateRow[];

  const shared = new Map<number, { row: CandidateRow; m2: number }>();
  for (const row of rows) {
    const rings = JSON.parse(row.rings) as Ring[];
    const m2 = parcelArea > 0 ? pieces.reduce((sum, piece, i) => sum + sharedAreaM2(piece, turfBbox(piece) as BBox, rings, pieceAreas[i]), 0) : 0;
    const entry = shared.get(row.site_id) ?? { row, m2: 0 };
    entry.m2 += m2; // parts of one site never overlap each other
    shared.set(row.site_id, entry);
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
  const byOverlap = (a: { overlap_pct: number; code: string }, b: { overlap_pct: number; code: string }) => b.overlap_pct - a.overlap_pct || a.code.localeCompare(b.code);
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
