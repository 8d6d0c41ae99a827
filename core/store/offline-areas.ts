import type { OfflineArea } from '../model/index.js';
import type { SqliteDatabase } from './db.js';
import type { ImportPlan } from './import-plan.js';
import type { ImportResult } from '../model/records.js';

/** `ES.40146`: one id per country and published area code. */
export const offlineAreaId = (country: string, code: string) => `${country}.${code}`;

/** While an area is re-imported, its old parcels carry this mark; those still marked at the end are gone from the file. */
const staleMark = (id: string) => `stale:${id}`;

/**
 * Before re-importing an area's parcels: marks its current parcels, so the import (which sets
 * the area again on every parcel it writes) leaves marked exactly those the new file lacks.
 * Returns what to run after the import: it removes the parcels still marked and says how many.
 * Where none was marked (the area's first import, the usual one of a new copy) there is nothing to
 * remove, and the removal's scan is skipped: SQLite has no index on offline_area, so it read every
 * parcel of the copy, other areas' included.
 */
export function markAreaParcelsStale(db: SqliteDatabase, id: string): () => number {
  const marked = db.prepare('UPDATE parcels SET offline_area = ? WHERE offline_area = ?').run(staleMark(id), id).changes;
  return () => (marked === 0 ? 0 : deleteParcelsOfArea(db, staleMark(id)));
}

function deleteParcelsOfArea(db: SqliteDatabase, mark: string): number {
  db.prepare('DELETE FROM parcels_rtree WHERE id IN (SELECT id FROM parcels WHERE offline_area = ?)').run(mark);
  return db.prepare('DELETE FROM parcels WHERE offline_area = ?').run(mark).changes;
}

/** Records (or refreshes) the area a published file filled (a Catastro municipality, an Etalab commune or département, an HM Land Registry authority), in the import's transaction. */
export function recordOfflineArea(db: SqliteDatabase, plan: ImportPlan, result: ImportResult, source: string): void {
  const municipality = plan.area ?? plan.municipality!;
  const id = offlineAreaId(municipality.country, municipality.code);
  const now = new Date().toISOString();
  if (result.kind === 'inspire-parcels' || result.kind === 'fr-etalab-geojson' || result.kind === 'uk-hmlr-gml') {
    // A file without a date of its own (Etalab's) is dated by its newest parcel.
    const date = plan.dataDate ?? (db.prepare('SELECT max(data_date) FROM parcels WHERE offline_area = ?').pluck().get(id) as string | null);
    db.prepare(
      `
      INSERT INTO offline_areas (id, country, code, name, province, source, data_date, parcels, bytes, updated_at)
      VALUES (@id, @country, @code, @name, @province, @source, @date, @parcels, @bytes, @now)
      ON CONFLICT (id) DO UPDATE SET name = COALESCE(excluded.name, name), province = COALESCE(excluded.province, province),
        source = excluded.source, data_date = excluded.data_date, parcels = excluded.parcels,
        bytes = excluded.bytes, updated_at = excluded.updated_at`,
    ).run({
      id,
      country: municipality.country,
      code: municipality.code,
      name: 'name' in municipality ? (municipality.name ?? null) : null,
      province: 'province' in municipality ? (municipality.province ?? null) : null,
      source,
      date: date ?? null,
      parcels: result.parcels,
      bytes: plan.bytes,
      now,
    });
  } else if (result.kind === 'inspire-buildings') {
    // Buildings enrich parcels; an area is listed once its parcels are in, so a lone buildings file only updates one.
    db.prepare(`UPDATE offline_areas SET buildings = ?, buildings_source = ?, buildings_date = ?, buildings_bytes = ?, updated_at = ? WHERE id = ?`).run(
      result.buildings,
      source,
      plan.dataDate ?? null,
      plan.bytes,
      now,
      id,
    );
  }
}

interface AreaRow {
  id: string;
  country: string;
  code: string;
  name: string | null;
  province: string | null;
  source: string;
  data_date: string | null;
  parcels: number;
  buildings: number;
  buildings_source: string | null;
  buildings_date: string | null;
  bytes: number;
  buildings_bytes: number;
  updated_at: string;
}

const areaFromRow = (r: AreaRow): OfflineArea => ({
  id: r.id,
  country: r.country,
  code: r.code,
  name: r.name ?? undefined,
  province: r.province ?? undefined,
  source: r.source,
  dataDate: r.data_date ?? undefined,
  parcels: r.parcels,
  buildings: r.buildings,
  buildingsSource: r.buildings_source ?? undefined,
  buildingsDate: r.buildings_date ?? undefined,
  bytes: r.bytes + r.buildings_bytes,
  updatedAt: r.updated_at,
});

export function listOfflineAreas(db: SqliteDatabase): OfflineArea[] {
  return (db.prepare('SELECT * FROM offline_areas ORDER BY country, code').all() as AreaRow[]).map(areaFromRow);
}

export function getOfflineArea(db: SqliteDatabase, id: string): OfflineArea | undefined {
  const row = db.prepare('SELECT * FROM offline_areas WHERE id = ?').get(id) as AreaRow | undefined;
  return row && areaFromRow(row);
}

/**
 * Removes an area and exactly its parcels (with their R*Tree boxes and the buildings keyed by
 * their references), in one transaction. Parcels other imports or live answers brought stay.
 */
export function removeOfflineArea(db: SqliteDatabase, id: string): { parcels: number } | undefined {
  if (!getOfflineArea(db, id)) return undefined;
  return db.transaction(() => {
    db.prepare('DELETE FROM buildings WHERE (country, ref) IN (SELECT country, ref FROM parcels WHERE offline_area = ?)').run(id);
    const parcels = deleteParcelsOfArea(db, id);
    db.prepare('DELETE FROM offline_areas WHERE id = ?').run(id);
    return { parcels };
  })();
}
