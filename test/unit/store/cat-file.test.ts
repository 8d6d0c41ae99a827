import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitReference } from '../../../core/countries/es/reference.js';
import { importFiles } from '../../../core/store/import-runner.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';

/**
 * HAND-WRITTEN CAT file: no real CAT file is public. Records are laid out here from the
 * documented format (SOURCES.md §1.7, 0-based [start, end) offsets), independently of the
 * importer's own table, so a wrong offset on either side shows up.
 */
function record(type: string, ref14: string, fields: [number, string][]): string {
  const chars = ' '.repeat(1000).split('');
  const put = (start: number, text: string) => text.split('').forEach((c, i) => { chars[start + i] = c; });
  put(0, type);
  put(30, ref14);
  for (const [start, text] of fields) put(start, text);
  return chars.join('');
}

const FINCA = '9872023VH5797S';
const OTHER = '7837301VG8173B';
const lines = [
  record('01', '', []),
  record('11', FINCA, [[52, 'MADRID'], [83, 'MADRID'], [158, 'CL'], [163, 'MAYOR'], [188, '0005'], [240, '28013'], [295, '0000000480'], [305, '0001200']]),
  record('13', FINCA, [[44, '0001'], [295, '1985']]),
  record('14', FINCA, [[44, '0001'], [50, '0001'], [70, 'V  '], [83, '0000090']]),
  record('14', FINCA, [[44, '0002'], [50, '0001'], [70, 'A  '], [83, '0000010']]),
  record('14', FINCA, [[44, '0003'], [50, '0002'], [70, 'V  '], [83, '0000075']]),
  record('14', FINCA, [[44, '0004'], [50, '0003'], [70, 'C  '], [83, '0000120']]),
  record('15', FINCA, [[44, '0002'], [48, unitReference(FINCA, '0002').slice(18, 19)], [49, unitReference(FINCA, '0002').slice(19)], [249, '1 '], [251, '02 '], [254, 'B  '], [371, '1990'], [461, '033500000']]),
  record('15', FINCA, [[44, '0001'], [48, unitReference(FINCA, '0001').slice(18, 19)], [49, unitReference(FINCA, '0001').slice(19)], [249, '1 '], [251, '01 '], [254, 'A  '], [461, '040000000']]),
  record('15', FINCA, [[44, '0003'], [48, unitReference(FINCA, '0003').slice(18, 19)], [49, unitReference(FINCA, '0003').slice(19)], [251, '00 '], [254, '01 '], [461, '026500000']]),
  record('11', OTHER, [[83, 'LANTEIRA'], [52, 'GRANADA'], [215, 'PARAJE LOS LLANOS']]),
  record('15', OTHER, [[44, '0001'], [48, 'T'], [49, 'T'], [461, '100000000']]),
  record('90', '', []),
];

let dir: string;
let store: ParcelStore;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-cat-'));
  const file = path.join(dir, 'sample.handwritten.cat');
  writeFileSync(file, Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'));
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
  await importFiles(store, [file]);
});
afterAll(() => { store?.close(); rmSync(dir, { recursive: true, force: true }); });

describe('CAT importer (hand-written file from the documented layout)', () => {
  it('reads the finca of a type 11 record with its declared units', () => {
    expect(store.getFinca(FINCA)).toMatchObject({
      ref: FINCA, direccion: 'CL MAYOR 5', codigoPostal: '28013', municipio: 'MADRID', provincia: 'MADRID',
      superficieTotal: 1200, anioConstruccion: 1985, declaredUnits: 3, source: 'cat',
    });
    expect(store.getFinca(OTHER)).toMatchObject({ direccion: 'PARAJE LOS LLANOS', municipio: 'LANTEIRA', declaredUnits: 1 });
  });

  it('builds 20-character unit references with the control letters and orders units by reference', () => {
    const units = store.unitsPage(FINCA, undefined, 10);
    expect(units.map((u) => u.ref)).toEqual(['0001', '0002', '0003'].map((car) => unitReference(FINCA, car)));
    expect(store.unitsPage(OTHER, undefined, 10)[0].ref).toBe('7837301VG8173B0001TT');
  });

  it('takes use and surface from the type 14 constructions of each property', () => {
    const [first, second, third] = store.unitsPage(FINCA, undefined, 10);
    expect(first).toMatchObject({ uso: 'Residencial', superficie: 100, escalera: '1', planta: '01', puerta: 'A', participacion: 40, anio: 1985 });
    expect(second).toMatchObject({ uso: 'Residencial', superficie: 75, planta: '02', puerta: 'B', participacion: 33.5, anio: 1990 });
    expect(third).toMatchObject({ uso: 'Comercial', superficie: 120, planta: '00', puerta: '01', participacion: 26.5 });
  });

  it('refuses a file whose lines are not 1000-character records, keeping the copy', async () => {
    const bad = path.join(dir, 'bad.cat');
    writeFileSync(bad, `${lines[1]}\r\n11 short line\r\n`);
    await expect(importFiles(store, [bad])).rejects.toThrow(/Line 2 is 13 characters long/);
    expect(store.countUnits(FINCA)).toBe(3);
  });
});
