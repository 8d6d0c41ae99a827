import { validationError } from '../model/index.js';

/**
 * Postcode formats of endpoint 1 (spec: "Postcode formats"), one row per country. The regular
 * expression checks the format only, not that the code exists. Accepted variants beyond the
 * spec's text: NL, CZ, SK and GR without the inner space (both spellings are in everyday use);
 * UK and IE in either case. LT and IS are not in the spec's list; their own national formats
 * are used (LT: 5 digits with optional `LT-`; IS: 3 digits).
 */
export const POSTCODE_FORMATS: Record<string, { pattern: RegExp; example: string }> = {
  ES: { pattern: /^\d{5}$/, example: '28970' },
  FR: { pattern: /^\d{5}$/, example: '41000' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  EE: { pattern: /^\d{5}$/, example: '10111' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  CH: { pattern: /^\d{4}$/, example: '3011' },
  DK: { pattern: /^\d{4}$/, example: '2100' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
  SI: { pattern: /^\d{4}$/, example: '1000' },
  BG: { pattern: /^\d{4}$/, example: '1000' },
  CY: { pattern: /^\d{4}$/, example: '1010' },
  LI: { pattern: /^\d{4}$/, example: '9490' },
  LU: { pattern: /^(L-)?\d{4}$/i, example: 'L-1111' },
  LV: { pattern: /^(LV-)?\d{4}$/i, example: 'LV-1050' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, example: '1012 AB' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1000-001' },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: '110 00' },
  SK: { pattern: /^\d{3} ?\d{2}$/, example: '811 01' },
  GR: { pattern: /^\d{3} ?\d{2}$/, example: '105 57' },
  // UK: outward code (area letters, district digit(s) with optional letter) + inward code.
  UK: { pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})$/i, example: 'EH1 1YZ' },
  // Irish Eircode: routing key (letter + 2 digits, or D6W) + 4-character unique identifier.
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i, example: 'D02 X285' },
  LT: { pattern: /^(LT-)?\d{5}$/i, example: 'LT-01100' },
  IS: { pattern: /^\d{3}$/, example: '101' },
};

export function isValidPostcode(country: string, postcode: string): boolean {
  const format = POSTCODE_FORMATS[country];
  return format !== undefined && format.pattern.test(postcode.trim());
}

/** Returns the trimmed postcode or throws 400 VALIDATION_ERROR naming the country's format. */
export function requirePostcode(country: string, postcode: string): string {
  const trimmed = postcode.trim();
  if (!isValidPostcode(country, trimmed)) {
    const example = POSTCODE_FORMATS[country]?.example;
    throw validationError(`Parameter 'postcode' '${trimmed.slice(0, 20)}' is not a ${country} postcode${example ? ` (format like ${example})` : ''}.`);
  }
  return trimmed;
}
