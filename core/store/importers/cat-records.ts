/**
 * Field positions of the Catastro's CAT alphanumeric format (fixed-width 1000-character
 * records, ISO-8859-15), as 0-based [start, end) offsets. Source: SOURCES.md §1.7, read from
 * lfern/catparser; no public CAT file exists to check them against, so the importer is tested
 * on a hand-written file built from this same documented layout.
 */
export const CAT_RECORD_LENGTH = 1000;

type Span = readonly [number, number];

export const COMMON = { type: [0, 2], parcelRef: [30, 44] } as const satisfies Record<string, Span>;

/** Header: the file's generation date, YYYYMMDD (lfern/catparser CatRecord01). */
export const HEADER_01 = { generated: [39, 47] } as const satisfies Record<string, Span>;

export const FINCA_11 = {
  provinceName: [52, 77],
  municipalityName: [83, 123],
  streetType: [158, 163],
  streetName: [163, 188],
  number: [188, 192],
  letter: [192, 193],
  unstructuredAddress: [215, 240],
  postcode: [240, 245],
  parcelSurface: [295, 305],
  builtSurface: [305, 312],
} as const satisfies Record<string, Span>;

export const CONSTRUCTION_UNIT_13 = { year: [295, 299] } as const satisfies Record<string, Span>;

export const CONSTRUCTION_14 = {
  property: [50, 54],
  stair: [62, 64],
  floor: [64, 67],
  door: [67, 70],
  use: [70, 73],
  surface: [83, 90],
} as const satisfies Record<string, Span>;

export const PROPERTY_15 = {
  car: [44, 48],
  control1: [48, 49],
  control2: [49, 50],
  streetType: [200, 205],
  streetName: [205, 230],
  number: [230, 234],
  stair: [249, 251],
  floor: [251, 254],
  door: [254, 257],
  unstructured: [257, 282],
  postcode: [282, 287],
  year: [371, 375],
  participation: [461, 470],
} as const satisfies Record<string, Span>;

export const field = (record: string, [start, end]: Span) => record.slice(start, end).trim();

/** First letter of the CAT use code (type 14 `destino`) → the OVC's `luso` labels. */
export const USE_LABELS: Record<string, string> = {
  V: 'Residencial',
  A: 'Almacen-Estacionamiento',
  I: 'Industrial',
  O: 'Oficinas',
  C: 'Comercial',
  K: 'Deportivo',
  T: 'Espectáculos',
  G: 'Ocio y Hostelería',
  Y: 'Sanidad y Beneficencia',
  E: 'Cultural',
  R: 'Religioso',
  M: 'Obras de urbanización y jardinería',
  P: 'Edificio singular',
  B: 'Almacén agrario',
  J: 'Industrial agrario',
  Z: 'Agrario',
};
