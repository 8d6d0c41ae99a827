import { LATITUDE_RANGE, LONGITUDE_RANGE, RUSTIC_COLUMNS, validationError, type BatchColumns } from '../model/index.js';
import { spreadsheetDecimal } from './row-query.js';

/**
 * Header names people give these columns in the app's languages (es with ca, en, fr, it, pt, de,
 * nl, pl), written as headerKey leaves them. Words that mean something else too stay out: Spanish
 * "longitud" is kept (the usual heading), but German "Länge", Dutch "lengte" and Polish "długość"
 * alone are lengths and "szerokość" a width, so only their geographic forms are known; German
 * "Land" is also a federal state, so it is no country. A parcel's number within its sheet or
 * district (French "parcelle", Italian "particella", German "Flurstück", Dutch "perceelnummer",
 * Polish "działka") is no whole reference: only the identifier's own names are.
 */
const KNOWN_NAMES: Record<keyof BatchColumns, string[]> = {
  reference: [
    'refcatastral',
    'referenciacatastral',
    'refcat',
    'referencia',
    'ref',
    'rc',
    'refcat14',
    'refcat20',
    'referenciacadastral',
    'refcadastral',
    'reference',
    'cadastralreference',
    'parcelreference',
    'parcel',
    'parcelid',
    'parcela',
    'referencecadastrale',
    'refcadastrale',
    'idparcelle',
    'idu',
    'riferimentocatastale',
    'flurstuckskennzeichen',
    'kadastraleaanduiding',
    'identyfikatordzialki',
  ],
  latitude: ['latitud', 'latitude', 'lat', 'latitudine', 'breitengrad', 'geographischebreite', 'breedtegraad', 'szerokoscgeograficzna', 'y'],
  longitude: ['longitud', 'longitude', 'lon', 'lng', 'long', 'longitudine', 'langengrad', 'geographischelange', 'lengtegraad', 'dlugoscgeograficzna', 'x'],
  country: ['pais', 'country', 'countrycode', 'iso', 'codigopais', 'paisiso', 'pays', 'paese', 'nazione', 'kraj'],
  // A Spanish rustic parcel as a farm's or SIGPAC's spreadsheet names it (all four, or none); the
  // province and municipality by code or by name (INE codes too), which the lookup resolves.
  provincia: [
    'provincia',
    'codigoprovincia',
    'codprovincia',
    'codprov',
    'cprov',
    'prov',
    'province',
    'provincecode',
    'nombreprovincia',
    'nomprovincia',
    'provincename',
  ],
  municipio: [
    'municipio',
    'codigomunicipio',
    'codmunicipio',
    'codmun',
    'cmun',
    'mun',
    'municipality',
    'municipalitycode',
    'terminomunicipal',
    'nombremunicipio',
    'nommunicipio',
    'municipalityname',
    'codigoine',
    'codine',
    'codigomunicipioine',
    'codmunicipioine',
    'ine',
  ],
  poligono: ['poligono', 'pol', 'polig', 'polygon'],
  parcela: ['parcela', 'parc', 'parcel'],
};

/**
 * Words that only say a coordinate's unit or datum, or number the column: "Latitud (grados
 * decimales)", "lat_wgs84", "Longitude (EPSG:4326)", "Nº referencia catastral". A unit that makes
 * it another quantity ("Longitud (m)", a length) is not among them, so such a column stays unknown.
 */
const QUALIFIERS = new Set([
  'grados',
  'decimales',
  'decimal',
  'degrees',
  'deg',
  'dd',
  'graus',
  'decimais',
  'degres',
  'decimaux',
  'gradi',
  'decimali',
  'grad',
  'dezimalgrad',
  'graden',
  'stopnie',
  'dziesietne',
  'wgs84',
  'wgs',
  '84',
  'etrs89',
  'epsg',
  '4326',
  '4258',
  'n',
  'no',
  'nr',
  'num',
  'numero',
  'numer',
  'nummer',
]);

/**
 * X and Y are longitude and latitude only when they hold degrees: a GIS export's X/Y are as often
 * UTM metres (EPSG:25830), which the batch would send as degrees.
 */
const DEGREES_ONLY = new Set(['x', 'y']);
const DEGREE_RANGE: Partial<Record<keyof BatchColumns, { minimum: number; maximum: number }>> = {
  latitude: LATITUDE_RANGE,
  longitude: LONGITUDE_RANGE,
};
/** Rows read to judge X/Y: enough to see the file's coordinates, few enough for a 100 000-row batch. */
export const SAMPLE_ROWS = 50;

/**
 * Tails that name the thing the reference or country is of ("País del inmueble", "Referencia de
 * la finca"). Only for those two: "Longitud de la finca" is the finca's length.
 */
const SUBJECT_TAILS = ['delinmueble', 'delafinca', 'delaparcela', 'oftheparcel', 'oftheproperty'];
const SUBJECT_KINDS = new Set<keyof BatchColumns>(['reference', 'country']);

/** A header's words without case, accents or punctuation ("Nº Ref. Catastral" → n ref catastral). */
const wordsOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The header as KNOWN_NAMES spells it: its words joined, with and without the qualifying words. */
function headerKeys(name: string, kind: keyof BatchColumns): string[] {
  const words = wordsOf(name);
  const keys = [words.join(''), words.filter((word) => !QUALIFIERS.has(word)).join('')];
  if (!SUBJECT_KINDS.has(kind)) return keys;
  return keys.flatMap((key) => [key, ...SUBJECT_TAILS.filter((tail) => key.endsWith(tail)).map((tail) => key.slice(0, -tail.length))]);
}

function holdsDegrees(rows: Record<string, string>[], column: string, kind: keyof BatchColumns): boolean {
  const range = DEGREE_RANGE[kind];
  const values = rows
    .slice(0, SAMPLE_ROWS)
    .map((row) => row[column] ?? '')
    .filter((text) => text !== '');
  return (
    !!range &&
    values.length > 0 &&
    values.every((text) => {
      const value = spreadsheetDecimal(text);
      return value !== undefined && value >= range.minimum && value <= range.maximum;
    })
  );
}

/**
 * "Parcela" (or "parcel") names the whole reference only alone: beside a "Polígono" column, as a
 * farm's or SIGPAC's spreadsheet lists rustic land, it is the parcel's number within its polígono,
 * and every row would be sent as a reference and fail.
 */
const NUMBER_WITHIN: Record<string, string[]> = { parcela: ['poligono', 'pol'], parcel: ['polygon', 'poligono'] };

const besideItsPolygon = (header: string[], candidate: string) =>
  NUMBER_WITHIN[candidate]?.some((polygon) => header.some((name) => wordsOf(name).join('') === polygon)) ?? false;

function find(header: string[], kind: keyof BatchColumns, rows: Record<string, string>[]): string | undefined {
  for (const candidate of KNOWN_NAMES[kind]) {
    const match = header.find((name) => headerKeys(name, kind).includes(candidate));
    if (!match || (kind === 'reference' && besideItsPolygon(header, candidate))) continue;
    if (!DEGREES_ONLY.has(candidate) || holdsDegrees(rows, match, kind)) return match;
  }
  return undefined;
}

/**
 * The columns a batch reads: those the user named win, the others are recognised by their
 * header (X and Y also by their values, see DEGREES_ONLY). A batch needs a reference column, a
 * latitude and a longitude column, or the four columns of a rustic parcel (provincia, municipio,
 * polígono, parcela; kept only all together).
 */
export function detectColumns(header: string[], named: BatchColumns = {}, rows: Record<string, string>[] = []): BatchColumns {
  for (const [kind, name] of Object.entries(named)) {
    if (name !== undefined && name !== '' && !header.includes(name)) {
      throw validationError(`The ${kind} column "${name}" is not in the CSV (columns: ${header.join(', ')}).`);
    }
  }
  const pick = (kind: keyof BatchColumns) => (named[kind] || undefined) ?? find(header, kind, rows);
  const rustic = Object.fromEntries(RUSTIC_COLUMNS.map((kind) => [kind, pick(kind)]));
  const hasRustic = RUSTIC_COLUMNS.every((kind) => rustic[kind] !== undefined);
  const columns: BatchColumns = {
    reference: pick('reference'),
    latitude: pick('latitude'),
    longitude: pick('longitude'),
    country: pick('country'),
    ...(hasRustic ? rustic : {}),
  };
  const hasPoint = columns.latitude !== undefined && columns.longitude !== undefined;
  if (columns.reference === undefined && !hasPoint && !hasRustic) {
    const rusticHalf =
      rustic.poligono !== undefined && rustic.parcela !== undefined
        ? ` Polígono and parcela (${rustic.poligono}, ${rustic.parcela}) name a rustic parcel only with the province and the municipality beside them (each by code or by name): add those two columns (provincia, municipio).`
        : '';
    throw validationError(
      `No reference column and no latitude/longitude columns found among: ${header.join(', ')}. Name them (reference, or latitude and longitude, or provincia, municipio, polígono and parcela).${rusticHalf}`,
    );
  }
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as BatchColumns;
}
