import type { Parcel } from '../../../core/model/index.js';

/** A Spanish parcel of Melque de Cercos (Segovia) with only what the app's state keeps of it: its reference and point, no outline or facts. */
export const segoviaParcelStub = (refCatastral: string): Parcel =>
  ({
    refCatastral,
    pais: 'ES',
    latitud: 41.06,
    longitud: -4.47,
    mapsUrl: '',
    poligono: [],
    availableFields: {},
  }) as unknown as Parcel;
