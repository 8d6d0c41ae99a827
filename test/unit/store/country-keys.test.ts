import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { ParcelWriter } from '../../../core/store/parcel-writer.js';
import type { StoredFinca, StoredParcel } from '../../../core/model/records.js';
import { squareOutline, storedUnit } from '../../helpers/stored-records.js';

/**
 * Buildings, fincas and units are keyed by country and reference (schema migration 7): another
 * country's records live beside Spain's under the same reference text and never overwrite,
 * join with or delete each other.
 */
const REF = '9872023VH5797S';

const parcel = (country: StoredParcel['country'], lon: number): StoredParcel => ({
  ref: REF,
  country,
  geometry: squareOutline(lon, 40, 0.001),
  centroid: [lon + 0.0005, 40.0005],
  areaM2: 1000,
  source: 'inspire',
  dataDate: '2024-01-01',
});

const finca = (direccion: string): StoredFinca => ({
  ref: REF,
  direccion,
  codigoPostal: '40000',
  municipio: 'M',
  provincia: 'P',
  usoGeneral: 'Residencial',
  superficieTotal: 100,
  anioConstruccion: 2000,
  declaredUnits: 2,
  source: 'live',
  dataDate: '2024-01-01',
});

const unit = (car: string, uso: string) => storedUnit(REF, car, { uso });

let store: ParcelStore;
beforeEach(() => {
  store = ParcelStore.open(':memory:');
});
afterEach(() => store.close());

describe('records keyed by country and reference', () => {
  it('joins each parcel with the building of its own country only', () => {
    store.upsertParcels([parcel('ES', -4), parcel('FR', 2), parcel('PT', -8)]);
    const writer = new ParcelWriter(store.db);
    writer.building('ES', { ref: REF, uso: 'Residencial', anioConstruccion: 1975, buildingUnits: 12, dataDate: '2024-01-01' });
    writer.building('FR', { ref: REF, uso: 'Industrial', anioConstruccion: 2001, buildingUnits: 1, dataDate: '2024-01-01' });

    expect(store.getParcel('ES', REF)).toMatchObject({ uso: 'Residencial', anioConstruccion: 1975, declaredUnits: 12 });
    expect(store.getParcel('FR', REF)).toMatchObject({ uso: 'Industrial', anioConstruccion: 2001, declaredUnits: 1 });
    expect(store.getParcel('PT', REF)?.uso).toBeUndefined();
    expect(store.parcelAt([2.0005, 40.0005])).toMatchObject({ country: 'FR', uso: 'Industrial' });
    const inBox = store.parcelsInBBox([-9, 39, 3, 41], 10);
    expect(Object.fromEntries(inBox.map((p) => [p.country, p.uso ?? null]))).toEqual({ ES: 'Residencial', FR: 'Industrial', PT: null });
    expect(store.db.prepare('SELECT country, uso FROM buildings WHERE ref = ? ORDER BY country').all(REF)).toEqual([
      { country: 'ES', uso: 'Residencial' },
      { country: 'FR', uso: 'Industrial' },
    ]);
  });

  it("keeps a finca and its units apart from another country's with the same reference", () => {
    store.upsertFinca('ES', finca('CL MAYOR 1'));
    store.upsertFinca('FR', finca('RUE DE LA PAIX 1'));
    store.replaceUnits('ES', REF, [unit('0001', 'Residencial'), unit('0002', 'Residencial')]);
    store.replaceUnits('FR', REF, [unit('0001', 'Commerce')]);

    expect(store.getFinca('ES', REF)?.direccion).toBe('CL MAYOR 1');
    expect(store.getFinca('FR', REF)?.direccion).toBe('RUE DE LA PAIX 1');
    expect(store.getFinca('IT', REF)).toBeUndefined();
    expect(store.countUnits('ES', REF)).toBe(2);
    expect(store.countUnits('FR', REF)).toBe(1);
    expect(store.getUnit('ES', `${REF}0001XX`)?.uso).toBe('Residencial');
    expect(store.getUnit('FR', `${REF}0001XX`)?.uso).toBe('Commerce');
    expect(store.unitsPage('FR', REF, undefined, 10).map((u) => u.uso)).toEqual(['Commerce']);

    // Replacing one country's units leaves the other's as they were.
    store.replaceUnits('FR', REF, []);
    expect(store.countUnits('FR', REF)).toBe(0);
    expect(store.unitsPage('ES', REF, undefined, 10).map((u) => u.planta)).toEqual(['01', '02']);
  });

  it("finds a parcel by the address of its own country's finca", () => {
    store.upsertParcels([parcel('ES', -4), parcel('FR', 2)]);
    store.upsertFinca('FR', finca('RUE DE LA PAIX 1'));
    expect(store.parcelsWithAddressWord('FR', 'PAIX', 10).map((p) => [p.country, p.direccion])).toEqual([['FR', 'RUE DE LA PAIX 1']]);
    expect(store.parcelsWithAddressWord('ES', 'PAIX', 10)).toEqual([]);
  });
});
