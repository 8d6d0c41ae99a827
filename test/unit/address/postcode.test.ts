import { describe, expect, it } from 'vitest';
import { isValidPostcode, POSTCODE_FORMATS, requirePostcode } from '../../../core/address/postcode.js';

/** Spec endpoint 1, `country`: the countries whose address search the spec describes. */
const ADDRESS_SEARCH_COUNTRIES = [
  'ES',
  'FR',
  'IT',
  'DE',
  'AT',
  'NL',
  'BE',
  'PL',
  'CH',
  'CZ',
  'DK',
  'NO',
  'FI',
  'EE',
  'LV',
  'LT',
  'SI',
  'SK',
  'BG',
  'GR',
  'CY',
  'LU',
  'LI',
  'IS',
  'IE',
  'UK',
  'PT',
];

/** Spec endpoint 1 → "Postcode formats": one row per country, accepted and refused samples. */
const table: Array<{ country: string; valid: string[]; invalid: string[] }> = [
  { country: 'ES', valid: ['28970', '08001'], invalid: ['2897', '289700', '28-970', 'ABCDE'] },
  { country: 'FR', valid: ['75001'], invalid: ['7500', '75 001'] },
  { country: 'IT', valid: ['00184'], invalid: ['0018'] },
  { country: 'DE', valid: ['10115'], invalid: ['1011', 'D-10115'] },
  { country: 'FI', valid: ['00100'], invalid: ['0010'] },
  { country: 'EE', valid: ['10111'], invalid: ['1011'] },
  { country: 'AT', valid: ['1010'], invalid: ['10100', 'A-1010'] },
  { country: 'BE', valid: ['1000'], invalid: ['100'] },
  { country: 'CH', valid: ['3011'], invalid: ['30110'] },
  { country: 'DK', valid: ['2100'], invalid: ['DK2100'] },
  { country: 'NO', valid: ['0150'], invalid: ['150'] },
  { country: 'SI', valid: ['1000'], invalid: ['SI-1000'] },
  { country: 'BG', valid: ['1000'], invalid: ['10000'] },
  { country: 'CY', valid: ['1010'], invalid: ['101'] },
  { country: 'LI', valid: ['9490'], invalid: ['94900'] },
  { country: 'LU', valid: ['1111', 'L-1111', 'l-1111'], invalid: ['LU-1111', '11111'] },
  { country: 'LV', valid: ['1050', 'LV-1050'], invalid: ['LV1050', '10500'] },
  { country: 'NL', valid: ['1012 AB', '1012AB'], invalid: ['1012', '1012 A', 'AB 1012'] },
  { country: 'PL', valid: ['00-950'], invalid: ['00950', '009-50'] },
  { country: 'PT', valid: ['1000-001'], invalid: ['1000001', '1000-01'] },
  { country: 'CZ', valid: ['110 00', '11000'], invalid: ['1100', '110-00'] },
  { country: 'SK', valid: ['811 01'], invalid: ['81-101'] },
  { country: 'GR', valid: ['105 57'], invalid: ['1055'] },
  { country: 'UK', valid: ['EH1 1YZ', 'SW1A 1AA', 'g2 8ab'], invalid: ['12345', 'EH1'] },
  { country: 'IE', valid: ['D02 X285', 'D6W 1234', 'A65F4E2'], invalid: ['D02', '12345', 'B02 X285'] },
];

describe('postcode formats per country', () => {
  it.each(table)('$country', ({ country, valid, invalid }) => {
    for (const code of valid) expect(isValidPostcode(country, code), `${country} ${code}`).toBe(true);
    for (const code of invalid) expect(isValidPostcode(country, code), `${country} ${code}`).toBe(false);
  });

  it('has a format for every country address search accepts', () => {
    for (const country of ADDRESS_SEARCH_COUNTRIES) expect(POSTCODE_FORMATS[country], country).toBeDefined();
  });

  it('a postcode in another country format is a 400 VALIDATION_ERROR naming the expected format', () => {
    expect(() => requirePostcode('ES', '1012 AB')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', status: 400 }));
    expect(() => requirePostcode('ES', '1012 AB')).toThrow(/28970/);
    expect(requirePostcode('ES', ' 28970 ')).toBe('28970');
  });
});
