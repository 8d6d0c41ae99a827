import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitReference } from '../../../core/countries/es/reference.js';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';

// HAND-WRITTEN CAT file: no real CAT file is public. fixtures/two-fincas.handwritten.cat was laid
// out by hand from the documented format (SOURCES.md §1.7, 0-based [start, end) offsets), so the
// expectations below are read from that documentation, not from the importer's own tables.
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/two-fincas.handwritten.cat');
const lines = readFileSync(FIXTURE, 'latin1').split('\r\n').filter(Boolean);
const at = (line: string, start: number, end: number) => line.slice(start, end).trim();

const FINCA = '9872023VH5797S';
const RUSTIC = '18118A00200040';

let dir: string;
let store: ParcelStore;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-cat-'));
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
  await importFiles(store, [FIXTURE]);
});
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('CAT importer (hand-written file from the documented layout)', () => {
  it('is a file of 1000-character records, each starting with its type', () => {
    expect(lines.every((l) => l.length === 1000)).toBe(true);
    expect(lines.map((l) => l.slice(0, 2))).toEqual(['01', '11', '13', '14', '14', '14', '14', '15', '15', '15', '16', '11', '15', '17', '90']);
  });

  it('reads the finca of a type 11 record, dated by the header, with its declared units', () => {
    expect(store.getFinca('ES', FINCA)).toMatchObject({
      ref: FINCA,
      direccion: 'CL MAYOR 5',
      codigoPostal: '28013',
      municipio: 'MADRID',
      provincia: 'MADRID',
      superficieTotal: 1200,
      superficieParcela: 480,
      anioConstruccion: 1985,
      declaredUnits: 3,
      usoGeneral: 'Residencial',
      source: 'cat',
      dataDate: '2024-03-15',
    });
  });

  it('decodes ISO-8859-15 text (Ñ) and takes the unstructured address when there is no street', () => {
    expect(store.getFinca('ES', RUSTIC)).toMatchObject({
      direccion: 'PARAJE LA PEÑUELA',
      municipio: 'LANTEIRA',
      provincia: 'GRANADA',
      declaredUnits: 1,
      superficieParcela: 12500,
    });
  });

  it('builds 20-character unit references with the control letters and orders units by reference', () => {
    const units = store.unitsPage('ES', FINCA, undefined, 10);
    // 9872023VH5797S0001WX is SOURCES.md's worked example; the others are checked by the reference module.
    expect(units[0].ref).toBe('9872023VH5797S0001WX');
    expect(units.map((u) => u.ref)).toEqual(['0001', '0002', '0003'].map((car) => unitReference(FINCA, car)));
    expect(store.getUnit('ES', unitReference(RUSTIC, '0001'))?.finca).toBe(RUSTIC);
  });

  it('takes use and surface from the type 14 constructions of each property, participation as a percent', () => {
    const [first, second, third] = store.unitsPage('ES', FINCA, undefined, 10);
    // Property 0001: 90 m² V (dwelling) + 10 m² AAP (parking); the larger gives the use.
    expect(first).toMatchObject({
      uso: 'Residencial',
      descripcion: 'V',
      superficie: 100,
      escalera: '1',
      planta: '01',
      puerta: 'A',
      participacion: 40,
      anio: 1985,
    });
    expect(second).toMatchObject({ uso: 'Residencial', superficie: 75, planta: '02', puerta: 'B', participacion: 33.5, anio: 1990 });
    expect(third).toMatchObject({ uso: 'Comercial', superficie: 120, escalera: '', planta: '00', puerta: '01', participacion: 26.5 });
    expect(first.participacion + second.participacion + third.participacion).toBeCloseTo(100, 9);
    expect(Number(at(lines[8], 461, 470)) / 1e6).toBe(first.participacion);
  });

  it('gives the same copy whether the file groups records by parcel or by record type', async () => {
    const byType = [lines[0], ...lines.slice(1, -1).sort((a, b) => a.slice(0, 2).localeCompare(b.slice(0, 2))), lines.at(-1)!];
    const file = path.join(dir, 'by-type.cat');
    writeFileSync(file, Buffer.from(byType.join('\n') + '\n', 'latin1'));
    const other = ParcelStore.open(':memory:');
    try {
      await importFiles(other, [file]);
      for (const ref of [FINCA, RUSTIC]) {
        expect(other.getFinca('ES', ref)).toEqual(store.getFinca('ES', ref));
        expect(other.unitsPage('ES', ref, undefined, 10)).toEqual(store.unitsPage('ES', ref, undefined, 10));
      }
    } finally {
      other.close();
    }
  });

  it("re-importing replaces a finca's units instead of adding to them", async () => {
    await importFiles(store, [FIXTURE]);
    expect(store.countUnits('ES', FINCA)).toBe(3);
  });

  it('refuses a file whose lines are not 1000-character records, keeping the copy', async () => {
    const bad = path.join(dir, 'bad.cat');
    writeFileSync(bad, `${lines[1]}\r\n11 short line\r\n`);
    await expect(importFiles(store, [bad])).rejects.toThrow(/Line 2 is 13 characters long/);
    expect(store.countUnits('ES', FINCA)).toBe(3);
    expect(store.getFinca('ES', FINCA)?.declaredUnits).toBe(3);
  });

  it('counts units of a parcel without a type 11 record as skipped', async () => {
    const orphan = path.join(dir, 'orphan.cat');
    writeFileSync(orphan, Buffer.from([lines[0], lines[12].replace(RUSTIC, '1111111AA1111A')].join('\n'), 'latin1'));
    const [result] = await importFiles(store, [orphan]);
    expect(result).toMatchObject({ kind: 'cat', fincas: 0, units: 0, skipped: 1 });
    expect(store.countUnits('ES', '1111111AA1111A')).toBe(0);
  });

  it('takes a file without line breaks as one run of records: the same copy', async () => {
    const run = path.join(dir, 'no-breaks.cat');
    writeFileSync(run, Buffer.from(lines.join(''), 'latin1'));
    const other = ParcelStore.open(':memory:');
    try {
      await importFiles(other, [run]);
      for (const ref of [FINCA, RUSTIC]) {
        expect(other.getFinca('ES', ref)).toEqual(store.getFinca('ES', ref));
        expect(other.unitsPage('ES', ref, undefined, 10)).toEqual(store.unitsPage('ES', ref, undefined, 10));
      }
    } finally {
      other.close();
    }
  });

  it('refuses a CAT file saved as UTF-8 (its lines with Ñ are longer, its fields would shift), keeping the copy', async () => {
    const text = readFileSync(FIXTURE, 'latin1');
    expect(text).toMatch(/Ñ/); // the fixture has the letter that UTF-8 writes as two bytes
    const utf8 = path.join(dir, 'utf8.cat');
    writeFileSync(utf8, Buffer.from(text, 'utf8'));
    const before = store.getFinca('ES', RUSTIC);
    await expect(importFiles(store, [utf8])).rejects.toThrow(/is 1001 characters long; CAT records have exactly 1000 \(ISO-8859-15/);
    expect(store.getFinca('ES', RUSTIC)).toEqual(before);
  });

  it('refuses a record that ends short, in a run without line breaks', async () => {
    const cut = path.join(dir, 'cut.cat');
    writeFileSync(cut, Buffer.from(lines.join('').slice(0, -10), 'latin1'));
    await expect(importFiles(store, [cut])).rejects.toThrow(/Record 15 is 990 characters long/);
  });
});

describe('CAT records as they arrive (linear time, flat memory)', () => {
  it('a run without line breaks gives its records chunk by chunk, holding less than one record back', async () => {
    const { CatRecordSplitter } = await import('../../../core/store/importers/cat-record-splitter.js');
    const splitter = new CatRecordSplitter();
    const run = lines.join('');
    const got: string[] = [];
    for (let at = 0; at < run.length; at += 2_500) {
      const records = splitter.push(run.slice(at, at + 2_500));
      // Every whole record in what has arrived comes out now, not at the end of the file.
      expect(got.length + records.length).toBeGreaterThanOrEqual(Math.floor(Math.min(run.length, at + 2_500) / 1000) - 1);
      got.push(...records);
    }
    got.push(...splitter.end());
    expect(got).toEqual(lines);
  });
});
