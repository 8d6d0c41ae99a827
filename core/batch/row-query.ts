import { RUSTIC_COLUMNS, validationError, type BatchColumns, type ParcelQuery } from '../model/index.js';

/** A decimal number as spreadsheets write it: "40.4168" or, in Spanish locales, "40,4168"; undefined when it is none. */
export function spreadsheetDecimal(text: string): number | undefined {
  const value = Number(text.replace(',', '.'));
  return text === '' || !Number.isFinite(value) ? undefined : value;
}

function decimal(text: string, name: string): number {
  const value = spreadsheetDecimal(text);
  if (value === undefined) throw validationError(`The ${name} "${text}" is not a decimal number.`);
  return value;
}

/** The question a row asks, from the batch's columns; a row that asks nothing is refused (400). */
export function rowQuery(row: Record<string, string>, columns: BatchColumns, defaultCountry?: string): ParcelQuery {
  const country = (columns.country ? row[columns.country] || undefined : undefined) ?? defaultCountry;
  const reference = columns.reference ? row[columns.reference]?.replace(/\s+/g, '') : '';
  if (reference) return { reference, country };
  const hasRustic = RUSTIC_COLUMNS.every((kind) => columns[kind]);
  if (hasRustic) {
    const rustic = Object.fromEntries(RUSTIC_COLUMNS.map((kind) => [kind, row[columns[kind]!] ?? '']));
    // Spain's numbers: the row's country does not apply (the facade checks the four and their province).
    if (Object.values(rustic).some((text) => text.trim() !== '')) return { rustic };
  }
  if (columns.latitude && columns.longitude) {
    const [lat, lon] = [row[columns.latitude] ?? '', row[columns.longitude] ?? ''];
    if (lat !== '' || lon !== '') {
      return { latitude: decimal(lat, 'latitude'), longitude: decimal(lon, 'longitude'), country };
    }
  }
  throw validationError(`The row has no reference${hasRustic ? ', no polígono and parcela' : ''} and no latitude/longitude.`);
}
