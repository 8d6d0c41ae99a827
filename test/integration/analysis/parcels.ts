import type { Parcel } from '../../../core/model/index.js';

/** A test parcel: a square of ±half degrees around a point, closed ring. */
export function squareParcel(lon: number, lat: number, pais: Parcel['pais'], extra: Partial<Parcel> = {}, half = 0.0005): Parcel {
  const d = half;
  return {
    refCatastral: '9398516VK3799G',
    pais,
    latitud: lat,
    longitud: lon,
    mapsUrl: '',
    poligono: [
      [lon - d, lat - d],
      [lon + d, lat - d],
      [lon + d, lat + d],
      [lon - d, lat + d],
      [lon - d, lat - d],
    ],
    availableFields: {
      uso: false,
      clase: false,
      anioConstruccion: false,
      superficieConstruida: false,
      coefParticipacion: false,
      direccion: false,
      busquedaDireccion: false,
    },
    ...extra,
  };
}
