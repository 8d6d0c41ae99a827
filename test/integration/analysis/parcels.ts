import type { Parcel } from '../../../core/model/index.js';
import { boxAround } from '../../helpers/box-around.js';

/** A test parcel: a square of ±half degrees around a point, closed ring. */
export function squareParcel(lon: number, lat: number, pais: Parcel['pais'], extra: Partial<Parcel> = {}, half = 0.0005): Parcel {
  return {
    refCatastral: '9398516VK3799G',
    pais,
    latitud: lat,
    longitud: lon,
    mapsUrl: '',
    poligono: boxAround(lon, lat, half).coordinates[0],
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
