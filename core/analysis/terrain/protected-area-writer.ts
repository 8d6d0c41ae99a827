import { bbox as turfBbox } from '@turf/turf';
import type { BBox, LonLat, SiteRegister } from '../../model/index.js';
import type { AnalysisLayerWriter } from '../../store/analysis-tables.js';
import type { Natura2000Type, SourceInfo } from '../types.js';
import { subdividePolygon } from './subdivide-polygon.js';

export interface SiteRecord {
  code: string;
  name: string;
  /** Natura 2000 designations (SPA/SCI); empty for a national site. */
  types: Natura2000Type[];
  /** National designation (e.g. "Parque Nacional"); none for a Natura 2000 site. */
  designation?: string;
  country: string;
  polygons: LonLat[][][];
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7; // ~1 cm: the sources are no finer

/**
 * Writes one layer's sites through the store's layer writer (inside the import transaction
 * `AnalysisTables.importTransaction` holds). Outlines are rounded to ~1 cm and large polygons
 * stored as pieces (subdivide-polygon.ts), each with its R*Tree box.
 */
export class ProtectedAreaWriter {
  constructor(private readonly tables: AnalysisLayerWriter) {}

  /** Replaces the dataset of this file (a re-import supersedes the previous one) and returns its id. */
  dataset(file: string, source: SourceInfo, register: SiteRegister = 'natura2000'): number {
    return this.tables.replaceProtectedAreaDataset(file, source, register);
  }

  site(datasetId: number, site: SiteRecord): void {
    const siteId = this.tables.insertSite(datasetId, {
      code: site.code,
      name: site.name,
      types: site.types.join(','),
      designation: site.designation ?? '',
      country: site.country,
    });
    for (const rings of site.polygons) {
      const cleaned = rings.map((ring) => ring.map(([x, y]) => [round7(x), round7(y)] as LonLat));
      if (cleaned[0].length < 4) continue;
      for (const piece of subdividePolygon(cleaned)) {
        this.tables.insertSitePart(siteId, JSON.stringify(piece), turfBbox({ type: 'Polygon', coordinates: piece }) as BBox);
      }
    }
  }

  finish(datasetId: number, sites: number): void {
    this.tables.finishProtectedAreaDataset(datasetId, sites);
  }
}
