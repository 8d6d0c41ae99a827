import { bbox as turfBbox } from '@turf/turf';
import type { Database, Statement } from 'better-sqlite3';
import type { LonLat } from '../../model/index.js';
import type { Natura2000Type, SourceInfo } from '../types.js';
import type { SiteRegister } from './protected-area-schema.js';
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
 * Writes one layer's sites into the protected-area tables (the caller owns the transaction).
 * Large polygons are stored as pieces (subdivide-polygon.ts), each with its R*Tree box.
 */
export class ProtectedAreaWriter {
  private readonly insertSite: Statement;
  private readonly insertPart: Statement;
  private readonly insertBox: Statement;

  constructor(private readonly db: Database) {
    this.insertSite = db.prepare('INSERT INTO analysis_pa_sites (dataset_id, code, name, types, designation, country) VALUES (?, ?, ?, ?, ?, ?)');
    this.insertPart = db.prepare('INSERT INTO analysis_pa_parts (site_id, rings) VALUES (?, ?)');
    this.insertBox = db.prepare('INSERT INTO analysis_pa_parts_rtree (id, min_lon, max_lon, min_lat, max_lat) VALUES (?, ?, ?, ?, ?)');
  }

  /** Replaces the dataset of this file (a re-import supersedes the previous one) and returns its id. */
  dataset(file: string, source: SourceInfo, register: SiteRegister = 'natura2000'): number {
    const old = this.db.prepare('SELECT id FROM analysis_pa_datasets WHERE file = ?').get(file) as { id: number } | undefined;
    if (old) {
      this.db.prepare('DELETE FROM analysis_pa_parts_rtree WHERE id IN (SELECT p.id FROM analysis_pa_parts p JOIN analysis_pa_sites s ON s.id = p.site_id WHERE s.dataset_id = ?)').run(old.id);
      this.db.prepare('DELETE FROM analysis_pa_parts WHERE site_id IN (SELECT id FROM analysis_pa_sites WHERE dataset_id = ?)').run(old.id);
      this.db.prepare('DELETE FROM analysis_pa_sites WHERE dataset_id = ?').run(old.id);
      this.db.prepare('DELETE FROM analysis_pa_datasets WHERE id = ?').run(old.id);
    }
    const info = this.db.prepare('INSERT INTO analysis_pa_datasets (file, name, license, edition, imported_at, sites, register) VALUES (?, ?, ?, ?, ?, 0, ?)')
      .run(file, source.name, source.license, source.edition, new Date().toISOString(), register);
    return Number(info.lastInsertRowid);
  }

  site(datasetId: number, site: SiteRecord): void {
    const siteId = Number(this.insertSite.run(datasetId, site.code, site.name, site.types.join(','), site.designation ?? '', site.country).lastInsertRowid);
    for (const rings of site.polygons) {
      const cleaned = rings.map((ring) => ring.map(([x, y]) => [round7(x), round7(y)] as LonLat));
      if (cleaned[0].length < 4) continue;
      for (const piece of subdividePolygon(cleaned)) {
        const partId = Number(this.insertPart.run(siteId, JSON.stringify(piece)).lastInsertRowid);
        const [minLon, minLat, maxLon, maxLat] = turfBbox({ type: 'Polygon', coordinates: piece });
        this.insertBox.run(partId, minLon, maxLon, minLat, maxLat);
      }
    }
  }

  finish(datasetId: number, sites: number): void {
    this.db.prepare('UPDATE analysis_pa_datasets SET sites = ? WHERE id = ?').run(sites, datasetId);
  }
}
