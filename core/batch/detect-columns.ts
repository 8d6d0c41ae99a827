import { validationError, type BatchColumns } from '../model/index.js';

/** Header names people give these columns (compared without case, accents, spaces or punctuation). */
const KNOWN_NAMES: Record<keyof BatchColumns, string[]> = {
  reference: ['refcatastral', 'referenciacatastral', 'refcat', 'referencia', 'ref', 'rc', 'reference', 'cadastralreference', 'parcel', 'parcela', 'parcelid', 'refcat14', 'refcat20'],
  latitude: ['latitud', 'latitude', 'lat', 'y'],
  longitude: ['longitud', 'longitude', 'lon', 'lng', 'long', 'x'],
  country: ['pais', 'country', 'countrycode', 'iso'],
};

const simplify = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '');

function find(header: string[], kind: keyof BatchColumns): string | undefined {
  const wanted = KNOWN_NAMES[kind];
  for (const candidate of wanted) {
    const match = header.find((name) => simplify(name) === candidate);
    if (match) return match;
  }
  return undefined;
}

/**
 * The columns a batch reads: those the user named win, the others are recognised by their
 * header. A batch needs a reference column, or a latitude and a longitude column.
 */
export function detectColumns(header: string[], named: BatchColumns = {}): BatchColumns {
  for (const [kind, name] of Object.entries(named)) {
    if (name !== undefined && name !== '' && !header.includes(name)) {
      throw validationError(`The ${kind} column "${name}" is not in the CSV (columns: ${header.join(', ')}).`);
    }
  }
  const pick = (kind: keyof BatchColumns) => (named[kind] || undefined) ?? find(header, kind);
  const columns: BatchColumns = {
    reference: pick('reference'),
    latitude: pick('latitude'),
    longitude: pick('longitude'),
    country: pick('country'),
  };
  const hasPoint = columns.latitude !== undefined && columns.longitude !== undefined;
  if (columns.reference === undefined && !hasPoint) {
    throw validationError(`No reference column and no latitude/longitude columns found among: ${header.join(', ')}. Name them (reference, or latitude and longitude).`);
  }
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as BatchColumns;
}
