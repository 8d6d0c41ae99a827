import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { tableToCsv } from '../../../core/export/csv.js';
import type { FeatureTable } from '../../../core/export/feature-table.js';

/** One text column and one number column, each cell written and parsed back as a spreadsheet would read the file. */
function written(texts: string[], numbers: number[] = texts.map(() => 0)): { text: string; number: string }[] {
  const table: FeatureTable = {
    name: 't',
    fields: [
      { name: 'text', type: 'TEXT' },
      { name: 'number', type: 'REAL' },
    ],
    rows: texts.map((text, i) => ({ geometry: null, properties: { text, number: numbers[i] } })),
  };
  return parse(tableToCsv(table), { columns: true }) as { text: string; number: string }[];
}

describe('CSV formula injection', () => {
  it('prefixes a single quote to text cells a spreadsheet would run: =, +, -, @, tab, carriage return and their full-width forms', () => {
    const risky = ['=1+1', '+1+1', '-2+3', '-', '@SUM(1)', '\t=1', '\r=1', '\uFF1D1', '\uFF0B1', '\uFF0D1', '\uFF201', '-A1', '+34 600 000 000'];
    expect(written(risky).map((r) => r.text)).toEqual(risky.map((cell) => `'${cell}`));
  });

  it('leaves numbers as written, typed or as text, negative, with a decimal comma or an exponent, and ordinary text', () => {
    const plain = ['-3.7038', '40.4168', '-3,7038', '-0.5e-3', '-12', ',5', 'Calle Mayor 3', 'a=b', ''];
    const numbers = plain.map((_, i) => -3.70381234 * i);
    expect(written(plain, numbers)).toEqual(plain.map((text, i) => ({ text, number: String(numbers[i]) })));
  });
});
