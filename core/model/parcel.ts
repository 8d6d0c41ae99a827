import type { CountryCode } from './countries.js';
import type { LonLat, PolygonGeometry } from './geometry.js';

/** Keys of `availableFields` (spec: Parcel). */
export interface AvailableFields {
  uso: boolean;
  clase: boolean;
  anioConstruccion: boolean;
  superficieConstruida: boolean;
  coefParticipacion: boolean;
  direccion: boolean;
  busquedaDireccion: boolean;
}

export type DataSource = 'clone' | 'local_clone' | 'catastro';

/** `data` of `GET /api/catastro/{refcat}` (spec: Parcel). Optional fields only where the country supplies them. */
export interface Parcel {
  refCatastral: string;
  pais: CountryCode;
  direccion?: string;
  codigoPostal?: string;
  municipio?: string;
  provincia?: string;
  latitud: number;
  longitud: number;
  mapsUrl: string;
  uso?: string;
  clase?: string;
  superficieConstruida?: number;
  superficieParcela?: number;
  anioConstruccion?: number;
  coefParticipacion?: string;
  /** Unit fields, present for a 20-character Spanish reference. */
  participacion?: number;
  escalera?: string;
  planta?: string;
  puerta?: string;
  poligono: LonLat[];
  availableFields: AvailableFields;
  /** Where the answer came from and when the data was valid (spec: dataSource / dataDate). */
  dataSource?: DataSource;
  dataDate?: string;
  attribution?: string;
}

/** What a unit (bien inmueble) of a Spanish finca is, as the units page, the copy and its rows hold it. */
export interface UnitFacts {
  escalera: string;
  planta: string;
  puerta: string;
  uso: string;
  superficie: number;
  descripcion: string;
  /** Percent. */
  participacion: number;
  anio: number;
  direccion: string;
}

/** Unit object of the units page (spec: Units page). */
export interface Unit extends UnitFacts {
  refCatastral: string;
}

/** What a Spanish finca is, as the units page and the copy hold it. */
export interface FincaFacts {
  direccion: string;
  codigoPostal: string;
  municipio: string;
  provincia: string;
  usoGeneral: string;
  superficieTotal: number;
  anioConstruccion: number;
}

/** `data` of `GET /api/catastro/{refcat14}/units`. */
export interface UnitsPage extends FincaFacts {
  refCatastral: string;
  totalUnidades: number;
  totalUnidadesFinca: number;
  unidades: Unit[];
  truncated: boolean;
  nextCursor?: string;
  dataSource: DataSource;
  dataDate: string;
  attribution: string;
}

/** `data` of `POST /api/search/coordinates`. */
export interface CoordinateMatch {
  referenciaCatastral: string;
  refCat14: string;
  direccion: string;
  municipio: string;
  tipoInmueble: string;
  coordenadas: { latitud: number; longitud: number };
  mapsUrl: string;
  /** Outside Spain: the country whose cadastre answered, and the attribution its source demands. */
  pais?: CountryCode;
  attribution?: string;
}

/** `data` of `GET /api/catastro/{refcat}/polygon`. */
export interface PolygonResult {
  refcat: string;
  geojson: {
    type: 'Feature';
    geometry: PolygonGeometry;
    properties: Record<string, unknown>;
  };
}

/** Element of `data.candidatos` (spec: Address candidate). */
export interface AddressCandidate {
  refCatastral: string;
  pais: CountryCode;
  direccion: string;
  numero: number;
  codigoPostal?: string;
  municipio?: string;
  provincia?: string;
  latitud?: number;
  longitud?: number;
  confianza: number;
  coincideNumero: boolean;
  coincideMunicipio: boolean;
  enCopia: boolean;
  direccionCatastro?: string;
  uso?: string;
  viviendas?: number;
  anioConstruccion?: number;
}

/** The map link of the spec: `...?q=<lat>,<lon>`. */
export function mapsUrl(lat: number, lon: number): string {
  return `https://www.google.com/maps?q=${lat.toFixed(7)},${lon.toFixed(7)}`;
}

/**
 * A parcel answer's optional fields without the empty ones (undefined or ''), in the same key
 * order: the body carries only the fields there are (spec: Parcel). A loop, not
 * Object.fromEntries(Object.entries(…).filter(…)): every parcel answer built runs this, and the
 * loop is 0.2–0.3 µs against 1.5–2.4.
 */
export function withoutEmptyFields<T extends object>(record: T): T {
  const kept = {} as T;
  for (const key in record) {
    const value = record[key];
    if (value !== undefined && (value as unknown) !== '') kept[key] = value;
  }
  return kept;
}

/** The answer fields `availableFields` reports on from the body itself. */
type FieldsOfTheBody = Partial<Pick<Parcel, 'uso' | 'clase' | 'anioConstruccion' | 'superficieConstruida' | 'direccion'>>;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * `availableFields` of an answer (spec: Parcel): a field is available when the body carries it;
 * the participation coefficient and the address search are facts of the answer's kind and
 * country, given by the caller. Key order as the spec lists them (answers and their ETags stay
 * byte for byte).
 */
export function availableFieldsOf(fields: FieldsOfTheBody, facts: { coefParticipacion: boolean; busquedaDireccion: boolean }): AvailableFields {
  return {
    uso: present(fields.uso),
    clase: present(fields.clase),
    anioConstruccion: present(fields.anioConstruccion),
    superficieConstruida: present(fields.superficieConstruida),
    coefParticipacion: facts.coefParticipacion,
    direccion: present(fields.direccion),
    busquedaDireccion: facts.busquedaDireccion,
  };
}

/** Urban or rustic land, as a country's cadastre classes it (Spain: `clase` Urbano/Rústico). */
export type LandClass = 'urban' | 'rustic';

/**
 * A Spanish rustic parcel by its numbers (core/model/input-schemas.ts RUSTIC_PARCEL_FIELDS): the
 * province and municipality codes, as the reference writes them (2 and 3 digits), polígono and parcela.
 */
export interface RusticParcelQuery {
  provincia: string;
  municipio: string;
  poligono: number;
  parcela: number;
}

/**
 * A rustic parcel as asked, after the facade's checks (core/input.ts requireRusticParcel): the
 * province as its 2-digit INE code or a name, the municipality as the Catastro's 3-digit code
 * (the one in the reference), INE's 5-digit code (province + municipality, which differs from the
 * Catastro's for many municipalities) or a name. Spain's adapter turns it into a RusticParcelQuery.
 */
export interface RusticParcelRequest {
  provincia: string;
  municipio: string;
  poligono: number;
  parcela: number;
}

/** The same four as asked (texts or numbers), before the facade checks them. */
export type RusticParcelAsked = Partial<Record<keyof RusticParcelQuery, unknown>>;
