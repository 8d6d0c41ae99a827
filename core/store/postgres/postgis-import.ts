import { basename } from 'node:path';
import { fold } from '../../address/normalize.js';
import { emptyResult, planImport, type ImportPlan } from '../import-plan.js';
import { importStopReason } from '../import-failure.js';
import { streamBuildings } from '../../formats/inspire-buildings.js';
import { streamCadastralParcels } from '../../formats/inspire-parcels.js';
import type { ReadProgress } from '../../formats/text-stream.js';
import { offlineAreaId } from '../offline-areas.js';
import type { BuildingFacts, ImportProgress, ImportResult, StoredParcel } from '../../model/records.js';
import type { ImportFormats } from '../import-formats.js';
import { copyAddresses } from './postgis-address-import.js';
import { copyInto, copyLine, write } from './copy-in.js';
import type { PostgisStore } from './postgis-store.js';
import { BUILDINGS, IMPORTED_FILES, PARCELS, numberedValues, upsert, writtenColumns } from '../tables.js';
import { ewkbHex } from './wkb.js';

/** The staged columns, in the order parcelLine writes them (core/store/tables.ts). */
const STAGED_PARCEL_COLUMNS = writtenColumns(PARCELS, 'postgres').join(', ');
const BUILDING_COLUMNS = writtenColumns(BUILDINGS, 'postgres').join(', ');

function parcelLine(p: StoredParcel, extra: { municipio?: string; provincia?: string; offlineArea?: string }): string {
  return copyLine([
    p.country,
    p.ref,
    ewkbHex(p.geometry),
    p.centroid[0],
    p.centroid[1],
    p.areaM2,
    p.municipio ?? extra.municipio,
    p.provincia ?? extra.provincia,
    p.direccion,
    p.direccion ? fold(p.direccion) : null,
    p.codigoPostal,
    p.uso,
    p.clase,
    p.superficieConstruida,
    p.anioConstruccion,
    p.declaredUnits,
    p.declaredDwellings,
    p.source,
    p.dataDate,
    extra.offlineArea,
  ]);
}

const buildingLine = (country: string, b: BuildingFacts) =>
  copyLine([country, b.ref, b.uso, b.anioConstruccion, b.superficieConstruida, b.buildingUnits, b.dwellings, b.dataDate]);

/**
 * Statistics for the tables an import wrote, once its files are in: without them the planner guessed that a country's
 * rows were 0.5 % of the table and read the whole (country, ref) index beside the GiST for every
 * point→parcel (4 ms against 0.25 ms at 28,860 parcels, growing with the table), until autovacuum
 * got round to the table (not within minutes on a busy server). ANALYZE samples a fixed number of
 * rows (0.7 s for 28,860 parcels on a busy machine), once per import, not per file.
 */
async function analyze(store: PostgisStore, tables: ReadonlySet<string>): Promise<void> {
  if (tables.size) await store.db.query(`ANALYZE ${[...tables].join(', ')}`);
}

/**
 * Imports files into the PostGIS store, each in ONE transaction of its own: rows are streamed
 * with COPY into a staging table (ON COMMIT DROP) and merged into the copy with the same upsert
 * rules as the SQLite importer (attributes the file lacks stay), so a failed, malformed or
 * interrupted file leaves the database exactly as it was, and readers in every server process
 * keep answering from the last committed data meanwhile.
 */
export async function importIntoPostgis(
  store: PostgisStore,
  files: string[],
  formats: ImportFormats,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  const written = new Set<string>();
  try {
    for (const file of files) results.push(...(await importOne(store, file, formats, written, onProgress)));
  } finally {
    // Files imported are committed, whether or not a later one failed: a database gone meanwhile leaves the statistics to autovacuum.
    await analyze(store, written).catch(() => {});
  }
  return results;
}

async function importOne(
  store: PostgisStore,
  file: string,
  formats: ImportFormats,
  /** The tables this file writes, added to for the statistics at the end of the import. */
  written: Set<string>,
  onProgress: ((p: ImportProgress) => void) | undefined,
): Promise<ImportResult[]> {
  const started = Date.now();
  let plan: ImportPlan;
  try {
    plan = await planImport(file, formats);
  } catch (error) {
    throw new Error(`Import of ${basename(file)} failed, nothing of it was kept: ${(error as Error).message}`);
  }
  const { bytesTotal, municipality } = plan;
  const area = municipality ? offlineAreaId(municipality.country, municipality.code) : undefined;
  let records = 0;
  let bytesBefore = 0;
  const progress = (chunk: ReadProgress) => {
    if (chunk.bytesRead > 0) onProgress?.({ file, bytesRead: bytesBefore + chunk.bytesRead, bytesTotal, records });
  };
  try {
    const results = await store.db.transaction(async (client) => {
      const done: ImportResult[] = [];
      for (const part of plan.parts) {
        const result = emptyResult(plan, part, area);
        if (part.kind === 'inspire-parcels' || part.national?.stream) {
          const extra = {
            ...(part.kind === 'inspire-parcels' && municipality?.name ? { municipio: municipality.name, provincia: municipality.province } : {}),
            offlineArea: part.kind === 'inspire-parcels' ? area : undefined,
          };
          await client.query(`CREATE TEMP TABLE parcels_in (LIKE parcels INCLUDING DEFAULTS) ON COMMIT DROP`);
          await client.query('ALTER TABLE parcels_in DROP COLUMN id');
          await copyInto(client, 'parcels_in', STAGED_PARCEL_COLUMNS, async (stream) => {
            const sink = async (parcels: StoredParcel[], chunk: ReadProgress) => {
              if (parcels.length) await write(stream, parcels.map((p) => parcelLine(p, extra)).join(''));
              records += parcels.length;
              result.parcels += parcels.length;
              progress(chunk);
            };
            if (part.kind === 'inspire-parcels')
              await streamCadastralParcels(part.input, { source: 'inspire', country: part.country, landClass: formats.inspire.landClass }, sink);
            else {
              // National formats hand parcels synchronously: their lines queue in the stream and drain as it goes.
              await part.national!.stream!(part.input, (parcels, chunk) => {
                void sink(parcels, chunk);
              });
            }
          });
          if (area && part.kind === 'inspire-parcels') {
            await client.query(`UPDATE parcels SET offline_area = $1 WHERE offline_area = $2`, [`stale:${area}`, area]);
          }
          // A file lists each parcel once; DISTINCT ON keeps one row per key should it not.
          await client.query(upsert(PARCELS, 'postgres', `SELECT DISTINCT ON (country, ref) ${STAGED_PARCEL_COLUMNS} FROM parcels_in`));
          if (area && part.kind === 'inspire-parcels') await client.query('DELETE FROM parcels WHERE offline_area = $1', [`stale:${area}`]);
          await client.query('DROP TABLE parcels_in');
          written.add('parcels');
        } else if (part.kind === 'inspire-buildings') {
          await client.query(`CREATE TEMP TABLE buildings_in (LIKE buildings) ON COMMIT DROP`);
          await copyInto(client, 'buildings_in', BUILDING_COLUMNS, async (stream) => {
            let pending: string[] = [];
            result.buildings = await streamBuildings(part.input, {}, (buildings, chunk) => {
              pending.push(...buildings.map((b) => buildingLine(part.country, b)));
              records += buildings.length;
              progress(chunk);
            });
            await write(stream, pending.join(''));
            pending = [];
          });
          await client.query(upsert(BUILDINGS, 'postgres', `SELECT DISTINCT ON (country, ref) ${BUILDING_COLUMNS} FROM buildings_in`));
          await client.query('DROP TABLE buildings_in');
          written.add('buildings');
        } else if (part.kind === 'inspire-addresses') {
          result.addresses = await copyAddresses(client, part.country, part.input, (staged, chunk) => {
            records = staged;
            progress(chunk);
          });
          written.add('addresses');
        } else {
          throw new Error(`${part.kind} files are not imported into a team database yet; import them into a local copy.`);
        }
        bytesBefore += typeof part.input === 'string' ? plan.bytes : part.input.size;
        await client.query(upsert(IMPORTED_FILES, 'postgres', numberedValues(IMPORTED_FILES)), [
          basename(plan.file),
          plan.bytes,
          result.kind,
          result.parcels,
          result.buildings,
          result.fincas,
          result.units,
          new Date().toISOString(),
          plan.dataDate ?? null,
        ]);
        result.durationMs = Date.now() - started;
        done.push(result);
      }
      return done;
    });
    store.changed();
    onProgress?.({ file, bytesRead: bytesTotal, bytesTotal, records });
    return results;
  } catch (error) {
    throw new Error(`Import of ${basename(file)} failed, nothing of it was kept: ${importStopReason(error, file)}`);
  }
}
