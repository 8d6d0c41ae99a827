import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import type { StoredParcel } from '../../../core/model/records.js';
import { squareOutline, storedUnit } from '../../helpers/stored-records.js';

const parcel = (ref: string, lon: number, lat: number, size: number, extra: Partial<StoredParcel> = {}): StoredParcel => ({
  ref,
  country: 'ES',
  geometry: squareOutline(lon, lat, size),
  centroid: [lon + size / 2, lat + size / 2],
  areaM2: size * 1e8,
  source: 'inspire',
  dataDate: '2024-01-01',
  ...extra,
});

let store: ParcelStore;
beforeEach(() => {
  store = ParcelStore.open(':memory:');
});
afterEach(() => store.close());

describe('ParcelStore', () => {
  it('answers the smallest parcel containing a point, and none outside', () => {
    store.upsertParcels([parcel('BIG', -4, 40, 0.01), parcel('SMALL', -3.998, 40.002, 0.001)]);
    expect(store.parcelAt([-3.9975, 40.0025])?.ref).toBe('SMALL');
    expect(store.parcelAt([-3.995, 40.008])?.ref).toBe('BIG');
    expect(store.parcelAt([-3.98, 40.0])).toBeUndefined();
    expect(store.parcelAt([-3.9975, 40.0025], 'FR')).toBeUndefined();
  });

  it("orders overlapping parcels by their stored area and skips another country's before reading outlines", () => {
    // A: the larger square but the smaller declared area; the point is inside both, so area decides, not size.
    store.upsertParcels([
      parcel('A', -4, 40, 0.01, { areaM2: 50 }),
      parcel('B', -3.998, 40.002, 0.001, { areaM2: 900 }),
      parcel('C', -3.9985, 40.0015, 0.002, { country: 'FR', areaM2: 10 }),
    ]);
    const point: [number, number] = [-3.9975, 40.0025];
    expect(store.parcelAt(point)?.ref).toBe('C');
    expect(store.parcelAt(point, 'ES')?.ref).toBe('A');
    expect(store.parcelAt(point, 'FR')?.ref).toBe('C');
    // A later record of A with the same outline and a larger area: the order follows it.
    store.upsertParcels([parcel('A', -4, 40, 0.01, { areaM2: 5000 })]);
    expect(store.parcelAt(point, 'ES')?.ref).toBe('B');
  });

  it('keeps attributes a later record lacks, and moves the R*Tree box with the outline', () => {
    store.upsertParcels([parcel('P1', -4, 40, 0.001, { direccion: 'CL MAYOR 5', uso: 'Residencial' })]);
    store.upsertParcels([parcel('P1', -5, 41, 0.001, { source: 'live', dataDate: '2026-11-23' })]);
    const stored = store.getParcel('ES', 'P1')!;
    expect(stored).toMatchObject({ direccion: 'CL MAYOR 5', uso: 'Residencial', source: 'live', dataDate: '2026-11-23' });
    expect(store.parcelAt([-4.9995, 41.0005])?.ref).toBe('P1');
    expect(store.parcelAt([-3.9995, 40.0005])).toBeUndefined();
    expect(store.countParcels()).toBe(1);
  });

  it("pages units by reference after a cursor, and replaces a finca's units atomically", () => {
    const finca = '9872023VH5797S';
    store.replaceUnits(
      'ES',
      finca,
      ['0003', '0001', '0002', '0004'].map((car) => storedUnit(finca, car)),
    );
    store.replaceUnits('ES', '1111111AA1111A', [storedUnit('1111111AA1111A', '0001')]);
    expect(store.countUnits('ES', finca)).toBe(4);
    expect(store.unitsPage('ES', finca, undefined, 2).map((u) => u.planta)).toEqual(['01', '02']);
    expect(store.unitsPage('ES', finca, `${finca}0002XX`, 10).map((u) => u.planta)).toEqual(['03', '04']);
    store.replaceUnits('ES', finca, [storedUnit(finca, '0009')]);
    expect(store.unitsPage('ES', finca, undefined, 10).map((u) => u.planta)).toEqual(['09']);
    expect(store.countUnits('ES', '1111111AA1111A')).toBe(1);
  });

  it('returns boxes of a bounding box up to a limit', () => {
    store.upsertParcels(Array.from({ length: 20 }, (_, i) => parcel(`P${i}`, -4 + i * 0.01, 40, 0.005)));
    expect(store.parcelsInBBox([-4.001, 39.99, -3.902, 40.01], 100)).toHaveLength(10);
    expect(store.parcelsInBBox([-5, 39, -3, 41], 5)).toHaveLength(5);
  });
});

describe('ParcelStore.dataGeneration', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('changes after each kind of write through the store, at once', () => {
    const seen = [store.dataGeneration()];
    store.upsertParcels([parcel('GEN1', -4, 40, 0.01)]);
    seen.push(store.dataGeneration());
    store.upsertFinca('ES', {
      ref: 'GEN1',
      direccion: 'CL X 1',
      codigoPostal: '40000',
      municipio: 'M',
      provincia: 'P',
      usoGeneral: 'Residencial',
      superficieTotal: 100,
      anioConstruccion: 2000,
      declaredUnits: 1,
      source: 'live',
      dataDate: '2024-01-01',
    });
    seen.push(store.dataGeneration());
    store.replaceUnits('ES', 'GEN1', [storedUnit('GEN1', '0001')]);
    seen.push(store.dataGeneration());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('changes at once, within the turn, after a write through the handed-out connection (ParcelStore.db)', () => {
    store.upsertParcels([parcel('GEN2', -4, 40, 0.01)]);
    const before = store.dataGeneration();
    store.db.prepare("DELETE FROM parcels WHERE ref = 'GEN2'").run();
    expect(store.dataGeneration()).not.toBe(before);
    expect(store.getParcel('ES', 'GEN2')).toBeUndefined();
  });

  it('stays the same when nothing was written, within a turn and across turns', async () => {
    const before = store.dataGeneration();
    store.getParcel('ES', 'NONE');
    await nextTurn();
    expect(store.dataGeneration()).toBe(before);
  });
});
