import { claseOfReference } from './reference.js';
import { CATASTRO_ATTRIBUTION } from './attribution.js';
import { centroid, outerRing } from '../../geo/polygon.js';
import { availableFieldsOf, mapsUrl, withoutEmptyFields, type DataSource, type LonLat, type Parcel, type Unit } from '../../model/index.js';
import type { StoredFinca, StoredParcel, StoredUnit } from '../../model/records.js';

/**
 * Shapes of the spec built from stored records: a finca's Parcel, a unit's Parcel, a Unit.
 * Finca facts (address, use, year) fill whatever the parcel record lacks: the bulk parcel
 * download carries none of them, a live Consulta_DNPRC does.
 */

const positive = (value: number | undefined) => (value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined);

/** The point of a parcel: the stored centroid, or the polygon's when a record lacks it. */
export function parcelPoint(parcel: StoredParcel): LonLat {
  const [lon, lat] = parcel.centroid ?? [];
  return Number.isFinite(lon) && Number.isFinite(lat) ? [lon, lat] : centroid(parcel.geometry);
}

function basis(parcel: StoredParcel, dataSource: DataSource) {
  const [longitud, latitud] = parcelPoint(parcel);
  return {
    pais: 'ES' as const,
    latitud,
    longitud,
    mapsUrl: mapsUrl(latitud, longitud),
    superficieParcela: parcel.areaM2,
    poligono: outerRing(parcel.geometry),
    dataSource,
    dataDate: parcel.dataDate,
    attribution: CATASTRO_ATTRIBUTION,
  };
}

/** `GET /api/catastro/{refcat14}`. */
export function fincaParcel(parcel: StoredParcel, finca: StoredFinca | undefined, dataSource: DataSource): Parcel {
  const fields = withoutEmptyFields({
    direccion: parcel.direccion || finca?.direccion,
    codigoPostal: parcel.codigoPostal || finca?.codigoPostal,
    municipio: parcel.municipio || finca?.municipio,
    provincia: parcel.provincia || finca?.provincia,
    uso: parcel.uso || finca?.usoGeneral,
    clase: parcel.clase ?? claseOfReference(parcel.ref),
    superficieConstruida: positive(parcel.superficieConstruida),
    anioConstruccion: positive(parcel.anioConstruccion) ?? positive(finca?.anioConstruccion),
  });
  return {
    refCatastral: parcel.ref,
    ...fields,
    ...basis(parcel, dataSource),
    availableFields: availableFieldsOf(fields, { coefParticipacion: false, busquedaDireccion: true }),
  };
}

/** The Catastro writes the participation coefficient with a decimal comma and six decimals ("8,200000"). */
export const catastroCoefficient = (percent: number) => percent.toFixed(6).replace('.', ',');

/** `GET /api/catastro/{refcat20}`: the unit's own fields over its finca's outline and point. */
export function unitParcel(unit: StoredUnit, parcel: StoredParcel, finca: StoredFinca | undefined, dataSource: DataSource): Parcel {
  const fields = withoutEmptyFields({
    direccion: unit.direccion || parcel.direccion || finca?.direccion,
    codigoPostal: finca?.codigoPostal || parcel.codigoPostal,
    municipio: finca?.municipio || parcel.municipio,
    provincia: finca?.provincia || parcel.provincia,
    uso: unit.uso,
    clase: parcel.clase ?? claseOfReference(parcel.ref),
    superficieConstruida: positive(unit.superficie),
    anioConstruccion: positive(unit.anio),
    coefParticipacion: catastroCoefficient(unit.participacion),
  });
  return {
    refCatastral: unit.ref,
    ...fields,
    participacion: unit.participacion,
    escalera: unit.escalera,
    planta: unit.planta,
    puerta: unit.puerta,
    ...basis(parcel, dataSource),
    dataDate: unit.dataDate,
    availableFields: availableFieldsOf(fields, { coefParticipacion: true, busquedaDireccion: true }),
  };
}

/** Unit object of the units page. */
export function unitView(unit: StoredUnit): Unit {
  return {
    refCatastral: unit.ref,
    escalera: unit.escalera,
    planta: unit.planta,
    puerta: unit.puerta,
    uso: unit.uso,
    superficie: unit.superficie,
    descripcion: unit.descripcion,
    participacion: unit.participacion,
    anio: unit.anio,
    direccion: unit.direccion,
  };
}
