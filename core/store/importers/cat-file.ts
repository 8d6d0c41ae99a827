import type { StoredFinca, StoredUnit } from '../types.js';
import {
  CAT_RECORD_LENGTH, COMMON, CONSTRUCTION_14, CONSTRUCTION_UNIT_13, FINCA_11, PROPERTY_15, USE_LABELS, field,
} from './cat-records.js';
import { readText, type TextChunk } from './text-stream.js';

export interface CatBatch {
  fincas: StoredFinca[];
  units: StoredUnit[];
}

interface FincaInProgress {
  ref: string;
  finca?: Omit<StoredFinca, 'declaredUnits' | 'usoGeneral' | 'anioConstruccion'>;
  years: number[];
  constructions: Map<string, { use: string; surface: number }[]>;
  properties: string[];
}

const toNumber = (text: string) => (text === '' ? 0 : Number(text));
const address = (type: string, name: string, number: string) =>
  [type, name, number.replace(/^0+/, '')].filter(Boolean).join(' ');

/**
 * Reads a CAT file record by record (lines of 1000 characters), one finca at a time: its
 * records (11 finca, 13 construction units, 14 constructions, 15 properties) come together,
 * so a finca is complete when the next one starts. A unit's use and surface come from its
 * constructions (type 14, by property number); its year from type 15, else the finca's.
 */
export async function streamCatFile(
  file: string,
  options: { dataDate?: string },
  sink: (batch: CatBatch, progress: TextChunk) => void,
): Promise<{ fincas: number; units: number; skipped: number }> {
  const dataDate = options.dataDate ?? new Date().toISOString().slice(0, 10);
  const counts = { fincas: 0, units: 0, skipped: 0 };
  let current: FincaInProgress | null = null;
  let batch: CatBatch = { fincas: [], units: [] };
  let carry = '';
  let lineNumber = 0;

  const flush = () => {
    if (!current?.finca) { current = null; return; }
    const finca = current.finca;
    const units = current.properties.map((record) => propertyToUnit(record, current!, finca.direccion, dataDate));
    const uses = units.map((u) => u.uso).filter(Boolean);
    const usoGeneral = uses.sort((a, b) => uses.filter((u) => u === b).length - uses.filter((u) => u === a).length)[0] ?? '';
    batch.fincas.push({
      ...finca,
      usoGeneral,
      anioConstruccion: current.years.length ? Math.min(...current.years) : 0,
      declaredUnits: units.length,
    });
    batch.units.push(...units);
    counts.fincas++;
    counts.units += units.length;
    current = null;
  };

  const handle = (record: string) => {
    lineNumber++;
    if (record.trim() === '') return;
    if (record.length < CAT_RECORD_LENGTH - 10) {
      throw new Error(`Line ${lineNumber} is ${record.length} characters long; CAT records have ${CAT_RECORD_LENGTH}.`);
    }
    const type = field(record, COMMON.type);
    if (!/^\d\d$/.test(type)) throw new Error(`Line ${lineNumber} has no record type ("${type}"): not a CAT file.`);
    if (type === '01' || type === '90') return;
    const ref = field(record, COMMON.parcelRef);
    if (!/^[0-9A-ZÑ]{14}$/.test(ref)) { counts.skipped++; return; }
    if (current && current.ref !== ref) flush();
    current ??= { ref, years: [], constructions: new Map(), properties: [] };
    switch (type) {
      case '11': current.finca = fincaOf(record, ref, dataDate); break;
      case '13': { const year = toNumber(field(record, CONSTRUCTION_UNIT_13.year)); if (year > 0) current.years.push(year); break; }
      case '14': {
        const property = field(record, CONSTRUCTION_14.property);
        const list = current.constructions.get(property) ?? [];
        list.push({ use: field(record, CONSTRUCTION_14.use), surface: toNumber(field(record, CONSTRUCTION_14.surface)) });
        current.constructions.set(property, list);
        break;
      }
      case '15': current.properties.push(record); break;
      default: break; // 16 value distribution, 17 crops: not kept
    }
  };

  for await (const chunk of readText(file, { encoding: 'latin1' })) {
    const lines = (carry + chunk.text).split(/\r?\n/);
    carry = lines.pop() ?? '';
    lines.forEach(handle);
    sink(batch, chunk);
    batch = { fincas: [], units: [] };
  }
  if (carry) handle(carry);
  flush();
  if (batch.fincas.length || batch.units.length) sink(batch, { text: '', bytesRead: 0 });
  return counts;
}

function fincaOf(record: string, ref: string, dataDate: string) {
  const street = address(field(record, FINCA_11.streetType), field(record, FINCA_11.streetName), field(record, FINCA_11.number));
  return {
    ref,
    direccion: street || field(record, FINCA_11.unstructuredAddress),
    codigoPostal: field(record, FINCA_11.postcode),
    municipio: field(record, FINCA_11.municipalityName),
    provincia: field(record, FINCA_11.provinceName),
    superficieTotal: toNumber(field(record, FINCA_11.builtSurface)),
    source: 'cat' as const,
    dataDate,
  };
}

function propertyToUnit(record: string, finca: FincaInProgress, fincaAddress: string, dataDate: string): StoredUnit {
  const car = field(record, PROPERTY_15.car);
  const ref = `${finca.ref}${car}${field(record, PROPERTY_15.control1)}${field(record, PROPERTY_15.control2)}`;
  const constructions = finca.constructions.get(car) ?? [];
  const main = [...constructions].sort((a, b) => b.surface - a.surface)[0];
  const useCode = main?.use ?? '';
  const year = toNumber(field(record, PROPERTY_15.year));
  const participation = field(record, PROPERTY_15.participation);
  const street = address(field(record, PROPERTY_15.streetType), field(record, PROPERTY_15.streetName), field(record, PROPERTY_15.number));
  return {
    ref,
    finca: finca.ref,
    escalera: field(record, PROPERTY_15.stair),
    planta: field(record, PROPERTY_15.floor),
    puerta: field(record, PROPERTY_15.door),
    uso: USE_LABELS[useCode.charAt(0)] ?? useCode,
    superficie: constructions.reduce((sum, c) => sum + c.surface, 0),
    descripcion: useCode,
    // 3 integer + 6 decimal digits, a percentage of the finca.
    participacion: participation === '' ? 0 : Number(participation) / 1e6,
    anio: year > 0 ? year : (finca.years.length ? Math.min(...finca.years) : 0),
    direccion: street || fincaAddress,
    source: 'cat',
    dataDate,
  };
}
