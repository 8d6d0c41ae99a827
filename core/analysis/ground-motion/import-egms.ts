import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { validationError } from '../../model/index.js';
import type { AnalysisTables } from '../../store/analysis-tables.js';
import { EGMS_CELL_SIZE_M } from './egms-grid.js';
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
export async function importEgms(tables: AnalysisTables, file: string, options: EgmsImportOptions = {}): Promise<{ cells: number }> {
  const component = options.component ?? componentOfFileName(file);
  if (!component) throw validationError(`${basename(file)}: cannot tell U from E by its name; give the component.`);
  const table = await readEgmsCsv(file, /\.csv$/i.test(file) ? createReadStream(file) : undefined);
  return tables.importTransaction(async (writer) => {
    const tileId = writer.replaceGroundMotionTile(basename(file), component, table.dates);
    const half = EGMS_CELL_SIZE_M / 2;
    let cells = 0;
    for await (const row of table.rows) {
      writer.insertGroundMotionCell(
        tileId,
        {
          pid: row.pid,
          easting: row.easting,
          northing: row.northing,
          meanVelocity: orNull(row.meanVelocity),
          meanVelocityStd: orNull(row.meanVelocityStd),
          acceleration: orNull(row.acceleration),
          rmse: orNull(row.rmse),
          series: Buffer.from(row.series.buffer, row.series.byteOffset, row.series.byteLength),
        },
        [row.easting - half, row.northing - half, row.easting + half, row.northing + half],
      );
      if (++cells % 10_000 === 0) options.onProgress?.({ file, cells });
    }
    writer.finishGroundMotionTile(tileId, cells);
    options.onProgress?.({ file, cells });
    return { cells };
  });
}
