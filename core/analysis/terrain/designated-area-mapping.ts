import { SITE_COUNTRIES, validationError, type HazardLayerMapping } from '../../model/index.js';

/*
 * The field names of a national designated-areas layer (CDDA, MITECO ENP…) are a
 * HazardLayerMapping (core/model), always given by the user: no real national register was at
 * hand to learn its field names from (SOURCES.md 13.4 marks them UNCERTAIN), so no layout is
 * guessed. The designation comes from a field, or is one text for the whole layer (a register
 * published one file per designation).
 */

/** The mapping once checked against a layer: every field named exists. */
export type CheckedDesignatedAreaMapping = { code: string; name: string } & ({ designationField: string } | { designation: string });

const REQUIRED =
  'a code field, a name field, and a designation field or one designation text (--code-field, --name-field, --designation-field | --designation)';

/** Checks the mapping against the first feature's attributes; the error names the fields the layer has. */
export function checkDesignatedAreaMapping(file: string, mapping: HazardLayerMapping, properties: Record<string, unknown>): CheckedDesignatedAreaMapping {
  const fields = Object.keys(properties);
  const has = `the layer has the fields: ${fields.join(', ') || '(none)'}`;
  const { code, name, designationField, designation } = mapping;
  if (designationField !== undefined && designation !== undefined) {
    throw validationError(`${file}: give a designation field or one designation text, not both.`);
  }
  if (!code || !name || (!designationField && !designation?.trim())) {
    throw validationError(`${file}: a national designated-areas layer needs ${REQUIRED}; ${has}.`, { fields });
  }
  const unknown = [code, name, designationField].filter((f): f is string => f !== undefined && !fields.includes(f));
  if (unknown.length > 0) throw validationError(`${file}: no field ${unknown.join(', ')} in the layer; ${has}.`, { fields });
  return designationField ? { code, name, designationField } : { code, name, designation: designation!.trim() };
}

/** The `--country` given, upper-cased and checked; undefined when none was given. */
export function checkCountry(country: string | undefined): string | undefined {
  if (country === undefined) return undefined;
  const upper = country.trim().toUpperCase();
  if (!SITE_COUNTRIES.includes(upper)) throw validationError(`Country ${country} is not one of ${SITE_COUNTRIES.join(', ')}.`);
  return upper;
}

/** The country a site code starts with (e.g. ES of ES3110003), when its first two letters are one; case matters, a word is no prefix. */
export function countryOfCode(code: string): string | undefined {
  const prefix = code.slice(0, 2);
  return /^[A-Z]{2}$/.test(prefix) && SITE_COUNTRIES.includes(prefix) ? prefix : undefined;
}
