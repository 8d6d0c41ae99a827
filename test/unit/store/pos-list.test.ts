import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';
import { CadastralParcelReader, type ParsedParcel } from '../../../core/formats/inspire-parcel-reader.js';
import { CoordinateNumbers, decodeNumbers } from '../../../core/formats/pos-list.js';
import { XmlScanner } from '../../../core/formats/xml-scanner.js';
import { fixture } from '../../helpers/paths.js';

const gml = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
const posLists = [...gml.matchAll(/<gml:posList[^>]*>([^<]+)</g)].map((m) => m[1]);

/** Doubles by their bytes: -0 and every last bit count. */
const bytesOf = (numbers: ArrayLike<number>) => Buffer.from(Float64Array.from(numbers).buffer).toString('hex');

function parcelsOf(text: string): ParsedParcel[] {
  const parcels: ParsedParcel[] = [];
  const scanner = new XmlScanner(new CadastralParcelReader({ ...CATASTRO_PARCELS, source: 'inspire' }, (p) => parcels.push(p)));
  scanner.write(Buffer.from(text));
  scanner.close();
  return parcels;
}

/** Every ring's x, y of parsed parcels, by their bytes. */
const ringsOf = (parcels: ParsedParcel[]) => parcels.map((p) => p.polygons.map((rings) => rings.map((r) => bytesOf(r.xy))));

describe('decodeNumbers (posList numbers into a Float64Array in one pass)', () => {
  it('gives every coordinate of the real Segovia file bit for bit as Number() of each token does', () => {
    const numbers = new CoordinateNumbers();
    const expected: number[] = [];
    for (const text of posLists) {
      decodeNumbers(text, numbers);
      expected.push(...text.trim().split(/\s+/).map(Number));
    }
    // Appended across rings into one buffer, grown far past its first size.
    expect(numbers.length).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(50_000);
    expect(bytesOf(numbers.values.subarray(0, numbers.length))).toBe(bytesOf(expected));
  });

  it('reads exponents, signs and whitespace of every kind as Number() does', () => {
    const text = '\r\n\t 1e3 -2.5E-2 +7 -0 .5 5. 0.000001 -376623.32\t4546605.4876\r\n12345678901234567 1.7976931348623157e308 ';
    const numbers = new CoordinateNumbers();
    decodeNumbers(text, numbers);
    expect(bytesOf(numbers.values.subarray(0, numbers.length))).toBe(bytesOf(text.trim().split(/\s+/).map(Number)));
  });
});

describe('posList coordinates of a parcels file', () => {
  it('srsDimension 3: each point x, y with its height left out, the same rings as in 2D', () => {
    // Every posList of the real file written again with a height after each point.
    const threeD = gml.replace(/(<gml:posList[^>]*>)([^<]+)</g, (_all, open: string, text: string) => {
      const values = text.trim().split(/\s+/);
      const triples = values.flatMap((v, i) => (i % 2 === 1 ? [v, String(800 + i)] : [v]));
      return `${open.replace('srsDimension="2"', 'srsDimension="3"')}${triples.join(' ')}<`;
    });
    expect(threeD).toContain('srsDimension="3"');
    const [plain, withHeights] = [parcelsOf(gml), parcelsOf(threeD)];
    expect(withHeights.length).toBe(1443);
    expect(ringsOf(withHeights)).toEqual(ringsOf(plain));
  });

  it('whitespace around and between the numbers (tabs, CRLF, runs of spaces) changes nothing', () => {
    const spaced = gml.replace(
      /(<gml:posList[^>]*>)([^<]+)</g,
      (_all, open: string, text: string) => `${open}\r\n\t ${text.trim().split(/\s+/).join(' \t\r\n ')}  \n<`,
    );
    expect(ringsOf(parcelsOf(spaced))).toEqual(ringsOf(parcelsOf(gml)));
  });
});
