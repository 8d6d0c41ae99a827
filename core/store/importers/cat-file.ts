import { todayIso, type CountryCode } from '../../model/index.js';
import type { SqliteDatabase } from '../db.js';
import type { ParcelWriter } from '../parcel-writer.js';
import type { StoredFinca, StoredUnit } from '../../model/records.js';
import { CatRecordSplitter } from './cat-record-splitter.js';
import { COMMON, CONSTRUCTION_14, CONSTRUCTION_UNIT_13, FINCA_11, HEADER_01, PROPERTY_15, USE_LABELS, field } from './cat-records.js';
import { CatStaging } from './cat-staging.js';
import { readText, type TextChunk } from '../../formats/text-stream.js';

/**
 * Catastro CAT alphanumeric files (fixed-width 1000-character records, ISO-8859-15), layout in
 * SOURCES.md §1.7 and cat-records.ts. No public CAT file exists: the tests run on a HAND-WRITTEN
 * file (test/unit/store/fixtures/*.handwritten.cat) laid out from that same documentation.
 *
 * The documentation read does not say whether a file groups its records by parcel (11, 13, 14,
 * 15 of one finca together) or by record type (all 11s, then all 13s …). So records are first
 * staged in a temporary table inside the import's transaction and fincas are assembled from it
 * afterwards, parcel by parcel: either order gives the same result, and memory stays flat.
 */
export interface CatImportCounts {
  fincas: number;
  units: number;
  skipped: number;
}

/** Record types that feed fincas and units; 16 (value distribution) and 17 (crops) are not kept. */
const KEPT_TYPES = new Set(['11', '13', '14', '15']);

const toNumber = (text: string) => (text === '' || !/^\d+$/.test(text) ? 0 : Number(text));
const address = (type: string, name: string, number: string) => [type, name, number.replace(/^0+/, '')].filter(Boolean).join(' ');
const isoDate = (yyyymmdd: string) =>
  /^(\d{4})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}` : undefined;

/**
 * Imports a CAT file through `writer`, inside the caller's open transaction on `db`: each
 * finca of the file gets its facts (type 11), and its units (type 15, with use and surface
 * from its type 14 constructions) replace the ones stored before.
 */
export async function importCatFile(
  db: SqliteDatabase,
  writer: ParcelWriter,
  file: string,
  options: { country: CountryCode; dataDate?: string },
  onProgress: (chunk: TextChunk, records: number) => void,
): Promise<CatImportCounts> {
  const staging = new CatStaging(db);
  const counts: CatImportCounts = { fincas: 0, units: 0, skipped: 0 };
  let fileDate: string | undefined;
  const splitter = new CatRecordSplitter();
  let recordNumber = 0;
  let staged = 0;

  const handleRecord = (record: string) => {
    recordNumber++;
    const type = field(record, COMMON.type);
    if (!/^\d\d$/.test(type)) throw new Error(`Record ${recordNumber} has no record type ("${type}"): not a CAT file.`);
    if (type === '01') {
      fileDate = isoDate(field(record, HEADER_01.generated));
      return;
    }
    if (!KEPT_TYPES.has(type)) return;
    const ref = field(record, COMMON.parcelRef);
    if (!/^[0-9A-ZÑ]{14}$/.test(ref)) {
      counts.skipped++;
      return;
    }
    staging.add(ref, record);
    staged++;
  };

  for await (const chunk of readText(file, { encoding: 'iso-8859-15' })) {
    splitter.push(chunk.text).forEach(handleRecord);
    onProgress(chunk, staged);
  }
  splitter.end().forEach(handleRecord);

  const dataDate = options.dataDate ?? fileDate ?? todayIso();
  for (const { ref, records } of staging.byParcel()) {
    const assembled = assembleFinca(ref, records, dataDate);
    if (!assembled) {
      counts.skipped += records.length;
      continue;
    }
    writer.finca(options.country, assembled.finca);
    writer.deleteUnitsOf(options.country, ref);
    assembled.units.forEach((unit) => writer.unit(options.country, unit));
    counts.fincas++;
    counts.units += assembled.units.length;
  }
  staging.drop();
  return counts;
}

/**
 * One finca from all its records: facts from type 11, years from 13, constructions from 14,
 * units from 15. A unit's use and surface come from its constructions (type 14, by property
 * number); its year from type 15, else the finca's oldest construction. Without a type 11
 * record there is no finca to attach units to (undefined).
 */
export function assembleFinca(ref: string, records: string[], dataDate: string): { finca: StoredFinca; units: StoredUnit[] } | undefined {
  const fincaRecord = records.find((r) => r.startsWith('11'));
  if (!fincaRecord) return undefined;
  const years = records
    .filter((r) => r.startsWith('13'))
    .map((r) => toNumber(field(r, CONSTRUCTION_UNIT_13.year)))
    .filter((y) => y > 0);
  const oldest = years.length ? Math.min(...years) : 0;
  const constructions = new Map<string, { use: string; surface: number }[]>();
  for (const record of records.filter((r) => r.startsWith('14'))) {
    const property = field(record, CONSTRUCTION_14.property);
    const list = constructions.get(property) ?? [];
    list.push({ use: field(record, CONSTRUCTION_14.use), surface: toNumber(field(record, CONSTRUCTION_14.surface)) });
    constructions.set(property, list);
  }
  const street = address(field(fincaRecord, FINCA_11.streetType), field(fincaRecord, FINCA_11.streetName), field(fincaRecord, FINCA_11.number));
  const direccion = street || field(fincaRecord, FINCA_11.unstructuredAddress);
  const units = records
    .filter((r) => r.startsWith('15'))
    .map((record) => propertyToUnit(ref, record, constructions, oldest, direccion, dataDate))
    .sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  const finca: StoredFinca = {
    ref,
    direccion,
    codigoPostal: field(fincaRecord, FINCA_11.postcode),
    municipio: field(fincaRecord, FINCA_11.municipalityName),
    provincia: field(fincaRecord, FINCA_11.provinceName),
    usoGeneral: mostCommon(units.map((u) => u.uso).filter(Boolean)) ?? '',
    // Built surface, as the live answer's superficieTotal (sum of its units' built areas).
    superficieTotal: toNumber(field(fincaRecord, FINCA_11.builtSurface)),
    superficieParcela: toNumber(field(fincaRecord, FINCA_11.parcelSurface)) || undefined,
    anioConstruccion: oldest,
    declaredUnits: units.length,
    source: 'cat',
    dataDate,
  };
  return { finca, units };
}

function mostCommon(values: string[]): string | undefined {
  const tally = new Map<string, number>();
  values.forEach((v) => tally.set(v, (tally.get(v) ?? 0) + 1));
  let best: string | undefined;
  for (const [value, n] of tally) if (best === undefined || n > tally.get(best)!) best = value;
  return best;
}

function propertyToUnit(
  finca: string,
  record: string,
  constructions: Map<string, { use: string; surface: number }[]>,
  fincaYear: number,
  fincaAddress: string,
  dataDate: string,
): StoredUnit {
  const car = field(record, PROPERTY_15.car);
  const own = constructions.get(car) ?? [];
  const main = [...own].sort((a, b) => b.surface - a.surface)[0];
  const useCode = main?.use ?? '';
  const year = toNumber(field(record, PROPERTY_15.year));
  const participation = field(record, PROPERTY_15.participation);
  const street = address(field(record, PROPERTY_15.streetType), field(record, PROPERTY_15.streetName), field(record, PROPERTY_15.number));
  return {
    ref: `${finca}${car}${field(record, PROPERTY_15.control1)}${field(record, PROPERTY_15.control2)}`,
    finca,
    escalera: field(record, PROPERTY_15.stair),
    planta: field(record, PROPERTY_15.floor),
    puerta: field(record, PROPERTY_15.door),
    uso: USE_LABELS[useCode.charAt(0)] ?? useCode,
    superficie: own.reduce((sum, c) => sum + c.surface, 0),
    descripcion: useCode,
    // 3 integer + 6 decimal digits: a percentage of the finca.
    participacion: toNumber(participation) / 1e6,
    anio: year > 0 ? year : fincaYear,
    direccion: street || fincaAddress,
    source: 'cat',
    dataDate,
  };
}
