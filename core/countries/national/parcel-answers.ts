import { outerRing, largestPolygon } from '../../geo/polygon.js';
import {
  availableFieldsOf,
  mapsUrl,
  withoutEmptyFields,
  type CoordinateMatch,
  type DataSource,
  type LonLat,
  type Parcel,
  type PolygonResult,
} from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';

/**
 * The spec's answers built from a stored parcel of any country but Spain (whose fincas and units
 * have their own views in es/parcel-view.ts). Outside ES "the body carries only the fields that
 * country supplies": empty fields are left out and `availableFields` says which are there.
 */

export interface AnswerFacts {
  dataSource: DataSource;
  attribution: string;
  /** The country's address search exists (`availableFields.busquedaDireccion`). */
  addressSearch: boolean;
}

export function nationalParcel(parcel: StoredParcel, facts: AnswerFacts): Parcel {
  const [longitud, latitud] = parcel.centroid;
  const fields = withoutEmptyFields({
    direccion: parcel.direccion,
    codigoPostal: parcel.codigoPostal,
    municipio: parcel.municipio,
    provincia: parcel.provincia,
    uso: parcel.uso,
    clase: parcel.clase,
    superficieConstruida: parcel.superficieConstruida,
    anioConstruccion: parcel.anioConstruccion,
  });
  return {
    refCatastral: parcel.ref,
    pais: parcel.country,
    ...fields,
    latitud,
    longitud,
    mapsUrl: mapsUrl(latitud, longitud),
    superficieParcela: parcel.areaM2,
    poligono: outerRing(parcel.geometry),
    availableFields: availableFieldsOf(fields, { coefParticipacion: false, busquedaDireccion: facts.addressSearch }),
    dataSource: facts.dataSource,
    dataDate: parcel.dataDate,
    attribution: facts.attribution,
  };
}

/** `POST /api/search/coordinates` outside Spain: the parcel's national reference in both reference fields. */
export function nationalCoordinateMatch(parcel: StoredParcel, point: LonLat, attribution: string): CoordinateMatch {
  const [lon, lat] = point;
  return {
    referenciaCatastral: parcel.ref,
    refCat14: parcel.ref,
    direccion: parcel.direccion ?? '',
    municipio: parcel.municipio ?? '',
    tipoInmueble: parcel.uso ?? '',
    coordenadas: { latitud: lat, longitud: lon },
    mapsUrl: mapsUrl(lat, lon),
    pais: parcel.country,
    attribution,
  };
}

export function nationalPolygon(parcel: StoredParcel, attribution: string): PolygonResult {
  return {
    refcat: parcel.ref,
    geojson: {
      type: 'Feature',
      geometry: largestPolygon(parcel.geometry),
      properties: { refCatastral: parcel.ref, pais: parcel.country, superficieParcela: parcel.areaM2, attribution },
    },
  };
}
