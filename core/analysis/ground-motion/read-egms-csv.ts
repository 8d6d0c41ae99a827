import { parse } from 'csv-parse';
import { basename } from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { validationError } from '../../model/index.js';

export interface EgmsRow {
  pid: string;
  easting: number;
  northing: number;
  meanVelocity: number;
  meanVelocityStd: number;
  acceleration: number;
  rmse: number;
  series: Float32Array;
}

export interface EgmsTable {
  /** `YYYYMMDD` date columns, in file order. */
  dates: string[];
  rows: AsyncGenerator<EgmsRow>;
}

const REQUIRED = ['pid', 'easting', 'northing', 'mean_velocity'] as const;

/**
 * Largest CSV record read (characters). A real EGMS L3 row is a few kB (about 300 dates of a
 * few characters); the cap stops a hostile file with one giant field from growing in memory.
 */
export const EGMS_MAX_RECORD_CHARS = 1 << 20;
const value = (text: string | undefined) => (text === undefined || text.trim() === '' ? Number.NaN : Number(text));

/** Opens the first `.csv` entry of an EGMS zip (the tile also holds a small XML). */
async function csvEntryStream(zipFile: string): Promise<Readable> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipFile, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z))),
  );
  return new Promise<Readable>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!/\.csv$/i.test(entry.fileName)) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
    });
    zip.on('end', () => reject(validationError(`${zipFile} holds no .csv file.`)));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** A read or parse failure as a 400 that names the file and says what is wrong with it. */
function readError(file: string, error: unknown): Error {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'VALIDATION_ERROR') return error as Error;
  if (code === 'CSV_MAX_RECORD_SIZE') {
    return validationError(`${basename(file)}: a CSV record is larger than ${EGMS_MAX_RECORD_CHARS} characters; not an EGMS L3 file, refused.`);
  }
  if (code?.startsWith('CSV_')) return validationError(`${basename(file)}: the CSV is malformed (${message}).`);
  return validationError(`${basename(file)} cannot be read: the zip is damaged or truncated (${message ?? String(error)}).`);
}

/**
 * Streams an EGMS Ortho L3 CSV (inside its zip, or bare): `pid, easting, northing, …,
 * mean_velocity, mean_velocity_std, acceleration, …, rmse_ts` (older releases: `rmse`), then one
 * displacement column (mm) per date `YYYYMMDD`. Columns are found by name, not position.
 */
export async function readEgmsCsv(file: string, input?: Readable): Promise<EgmsTable> {
  const stream = input ?? (await csvEntryStream(file));
  const parser = parse({ relax_column_count: false, trim: true, max_record_size: EGMS_MAX_RECORD_CHARS });
  // pipeline, not pipe: an error of the zip entry (a declared size smaller than its data, a
  // truncated deflate stream) must reach the reader, not kill the process as an unhandled 'error'.
  pipeline(stream, parser, () => {
    /* the error, if any, is thrown by the parser's iterator below */
  });
  const source = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const iterator: AsyncIterator<string[]> = {
    next: () =>
      source.next().catch((error: unknown) => {
        throw readError(file, error);
      }),
  };
  const first = await iterator.next();
  if (first.done) throw validationError(`${file}: the CSV is empty.`);
  const header = first.value;
  const column = new Map(header.map((name, i) => [name, i]));
  for (const name of REQUIRED) if (!column.has(name)) throw validationError(`${file}: the CSV has no ${name} column (not an EGMS L3 file).`);
  const dateColumns = header.map((name, i) => [name, i] as const).filter(([name]) => /^\d{8}$/.test(name));
  if (dateColumns.length === 0) throw validationError(`${file}: the CSV has no date columns.`);
  const at = (row: string[], name: string) => (column.has(name) ? value(row[column.get(name)!]) : Number.NaN);
  const rmseColumn = column.has('rmse_ts') ? 'rmse_ts' : 'rmse';

  async function* rows(): AsyncGenerator<EgmsRow> {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const row = next.value;
      const easting = at(row, 'easting');
      const northing = at(row, 'northing');
      if (!Number.isFinite(easting) || !Number.isFinite(northing)) throw validationError(`${file}: a row has no easting/northing.`);
      const series = new Float32Array(dateColumns.length);
      dateColumns.forEach(([, i], k) => {
        series[k] = value(row[i]);
      });
      yield {
        pid: row[column.get('pid')!],
        easting,
        northing,
        meanVelocity: at(row, 'mean_velocity'),
        meanVelocityStd: at(row, 'mean_velocity_std'),
        acceleration: at(row, 'acceleration'),
        rmse: at(row, rmseColumn),
        series,
      };
    }
  }
  return { dates: dateColumns.map(([name]) => name), rows: rows() };
}
