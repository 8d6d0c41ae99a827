import type { StoredParcel, StoredUnit } from '../../core/model/records.js';

/** A square outline of `size` degrees whose south-west corner is at (lon, lat). */
export const squareOutline = (lon: number, lat: number, size: number): StoredParcel['geometry'] => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + size, lat],
      [lon + size, lat + size],
      [lon, lat + size],
      [lon, lat],
    ],
  ],
});

/** A live-read residential unit of `finca` on the floor its `car` names (the store tests' unit), with `extra` replacing any field. */
export const storedUnit = (finca: string, car: string, extra: Partial<StoredUnit> = {}): StoredUnit => ({
  ref: `${finca}${car}XX`,
  finca,
  escalera: '',
  planta: car.slice(2),
  puerta: '',
  uso: 'Residencial',
  superficie: 50,
  descripcion: '',
  participacion: 1,
  anio: 2000,
  direccion: 'CL X 1',
  source: 'live',
  dataDate: '2024-01-01',
  ...extra,
});
