import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Database } from 'better-sqlite3';
import { validationError } from '../../model/index.js';
import { inImportTransaction } from '../import-transaction.js';
import { EGMS_CELL_SIZE_M } from './egms-schema.js';
import { readEgmsCsv } from './read-egms-csv.js';

export interface EgmsImportOptions {
  /** U (vertical) or E (east-west); read from the EGMS file name (`…_100km_U_2020_2024_1.zip`) when omitted. */
  component?: 'U' | 'E';
  onProgress?: (progress: { file: string; cells: number }) => void;
}

/** The component named in an EGMS L3 file name: `EGMS_L3_<tile>_100km_<U|E>_<years>_<version>`. */
export function componentOfFileName(file: string): 'U' | 'E' | undefined {
  return /_(U|E)_\d{4}_\d{4}/i.exec(basename(file))?.[1].toUpperCase() as 'U' | 'E' | undefined;
}

const orNull = (v: number) => (Number.isFinite(v) ? v : null);

/** Imports one EGMS Ortho L3 tile (zip of CSV, or the CSV) in one transaction; re-importing a file replaces it. */
export async function importEgms(db: Database, file: string, options: EgmsImportOptions = {}): Promise<{ cells: number }> {
  const component = options.component ?? componentOfFileName(file);
  if (!component) throw validationError(`${basename(file)}: cannot tell U from E by its name; give the component.`);
  const table = await readEgmsCsv(file, /\.csv$/i.test(file) ? createReadStream(file) : undefined);
  return inImportTransaction(db, async (conn) => {
    const old = conn.prepare('SELECT id FROM analysis_gm_tiles WHERE file = ?').get(basename(file)) as { id: number } | undefined;
    if (old) {
      conn.prepare('DELETE FROM analysis_gm_cells_rtree WHERE id IN (SELECT id FROM analysis_gm_cells WHERE tile_id = ?)').run(old.id);
      conn.prepare('DELETE FROM analysis_gm_cells WHERE tile_id = ?').run(old.id);
      conn.prepare('DELETE FROM analysis_gm_tiles WHERE id = ?').run(old.id);
    }
    const tileId = Number(conn.prepare('INSERT INTO analysis_gm_tiles (file, component, dates, imported_at, cells) VALUES (?, ?, ?, ?, 0)')
      .run(basename(file), component, JSON.stringify(table.dates), new Date().toISOString()).lastInsertRowid);
    const insertCell = conn.prepare(`INSERT INTO analysis_gm_cells (tile_id, pid, easting, northing, mean_velocity, mean_velocity_std, acceleration, rmse, series)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const insertBox = conn.prepare('INSERT INTO analysis_gm_cells_rtree (id, min_e, max_e, min_n, max_n) VALUES (?, ?, ?, ?, ?)');
    const half = EGMS_CELL_SIZE_M / 2;
    let cells = 0;
    for await (const row of table.rows) {
      const id = Number(insertCell.run(tileId, row.pid, row.easting, row.northing, orNull(row.meanVelocity), orNull(row.meanVelocityStd),
        orNull(row.acceleration), orNull(row.rmse), Buffer.from(row.series.buffer, row.series.byteOffset, row.series.byteLength)).lastInsertRowid);
      insertBox.run(id, row.easting - half, row.easting + half, row.northing - half, row.northing + half);
      if (++cells % 10_000 === 0) options.onProgress?.({ file, cells });
    }
    conn.prepare('UPDATE analysis_gm_tiles SET cells = ? WHERE id = ?').run(cells, tileId);
    options.onProgress?.({ file, cells });
    return { cells };
  });
}
