import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CountryAdapter } from '../../../core/countries/adapter.js';
import { unitReference } from '../../../core/countries/es/reference.js';
import { ReferenceShapeIndex } from '../../../core/countries/reference-shape.js';
import { CountryRegistry } from '../../../core/countries/registry.js';
import { listZipEntries, readZipEntryText } from '../../../core/formats/zip-archive.js';
import { countryFixture } from '../../fake-upstream/countries/fake-server.js';
import { fixture } from '../../helpers/paths.js';
import { allMatches, readCountryFixture, referenceExamples } from '../../helpers/reference-examples.js';

/**
 * Detection runs only the parsers whose declared outline (core/countries/<code>/reference.ts,
 * `referenceShape`) fits the text: it must answer exactly as running every country's parser, on
 * real references and on many texts made from them.
 */
const registry = CountryRegistry.create();
const adapters = registry.codes.map((code) => registry.find(code)!);
const fullScan = (ref: string) => adapters.filter((a) => a.matchesReference(ref)).map((a) => a.code);
const detected = (ref: string) => registry.matchingReference(ref).map((a) => a.code);

/** Real references of every country: the recorded examples, Spain's sample municipality, the DK and LU files. */
async function realReferences(): Promise<string[]> {
  const refs = referenceExamples().map(([, ref]) => ref);
  const parcels = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
  const spanish = allMatches(parcels, /<cp:nationalCadastralReference>([^<]+)</g);
  expect(spanish.length).toBeGreaterThan(1000);
  // Units of those fincas (20 characters, control letters computed) and their typed forms.
  refs.push(...spanish, ...spanish.slice(0, 500).map((ref, i) => unitReference(ref, String(i + 1).padStart(4, '0'))));
  const [entry] = (await listZipEntries(countryFixture('dk_datafordeler_mat_totaludtraek_dagligt_json_v3_20200217050021.zip'))).filter((e) =>
    e.name.endsWith('.json'),
  );
  const records = JSON.parse(await readZipEntryText(entry, 8 << 20)).JordstykkeList as Record<string, string | null>[];
  refs.push(...records.slice(0, 2000).map((r) => `${r.ejerlavLokalId}-${r.matrikelnummer}`));
  refs.push(
    ...['lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json', 'lu_inspire_cp_wfs_getfeature_bbox_esch_039A.json'].flatMap((file) =>
      allMatches(readCountryFixture(file), /"national_cadastral_reference":"([^"]+)"/g),
    ),
  );
  refs.push(...WRITTEN_FORMS);
  return [...new Set(refs)];
}

/**
 * The written forms the reference rules' own comments and hints quote (core/countries/<code>/reference.ts),
 * where no recording has them: grouped, dotted and spaced forms people type.
 */
const WRITTEN_FORMS = [
  '201061838',
  '201-6-1838',
  '201-7-184',
  '201/07/0184',
  '201 7 184',
  '48.020.1619.04006',
  '8594149',
  '64010007',
  '069-8594149-1',
  '91-410-3-44',
  '09141000030044',
  '151855-3-1190',
  '2005752-12a',
  '1-21/43-0-123',
  '727024-st.542',
  '335240-2379',
  '7011-1234',
  'GVH03 F 422',
  'GVH03-F-422',
  '221101_1.0001.161/8',
  '221101_1.0001.AR_3.161/8',
  'AAA 000 336 903',
  'H501A048600.123',
  '41231000A0075',
  '2A004000AB0012',
  '804959-2158/2',
  '804959 C 2158/2',
  '050095701001',
  '2577972',
  'L102345',
  '0301-208/646/1',
];

/** Every character any country's reference is written with, and some none is (Ñ, non-breaking space, a Unicode dash). */
const ALPHABET = [...'0123456789ABCDEFHLNRSTWZacelrst_./:,- \t', 'Ñ', 'ñ', '\u00a0', '‐', 'æ'];

/** A text of the same make as `ref`: each digit another digit, each letter another letter of its case, the rest kept. */
const sameMake = (ref: string) =>
  fc
    .tuple(
      ...[...ref].map((char) =>
        /[0-9]/.test(char)
          ? fc.constantFrom(...'0123456789')
          : /[A-Z]/.test(char)
            ? fc.constantFrom(...'ABCDEHLNRSTWZ', char)
            : /[a-z]/.test(char)
              ? fc.constantFrom(...'acelrst', char)
              : fc.constant(char),
      ),
    )
    .map((chars) => chars.join(''));

/** `ref` with a few characters inserted, removed or changed, and the case or the spacing changed. */
const edited = (ref: string) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.nat(ref.length), fc.constantFrom('insert', 'delete', 'replace'), fc.constantFrom(...ALPHABET)), { maxLength: 3 }),
      fc.constantFrom('keep', 'lower', 'upper', 'spaced', 'padded'),
    )
    .map(([edits, form]) => {
      let text = ref;
      for (const [at, kind, char] of edits) {
        text =
          kind === 'insert'
            ? text.slice(0, at) + char + text.slice(at)
            : kind === 'delete'
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + char + text.slice(at + 1);
      }
      if (form === 'lower') return text.toLowerCase();
      if (form === 'upper') return text.toUpperCase();
      if (form === 'spaced') return text.replace(/(.{3})/g, '$1 ');
      if (form === 'padded') return ` ${text}\t`;
      return text;
    });

describe('detection by declared reference outlines answers as the full scan of every parser', () => {
  let real: string[] = [];
  beforeAll(async () => {
    real = await realReferences();
  });

  it('on every real reference of the fixtures', () => {
    expect(real.length).toBeGreaterThan(2500);
    for (const ref of real) expect(detected(ref), ref).toEqual(fullScan(ref));
    // The outlines do skip parsers: a Spanish finca runs a few of the 31 (those declaring no outline detect nothing).
    const fitting = new ReferenceShapeIndex(adapters, (a) => a.referenceShape).fitting('9398516VK3799G');
    expect(fitting.filter((a) => a.referenceShape).map((a) => a.code)).toEqual(['ES', 'FR', 'DK']);
  });

  it('on texts of the same make as the real ones and on edited ones (fast-check)', () => {
    const pick = fc.constantFrom(...real);
    let accepted = 0;
    fc.assert(
      fc.property(
        pick.chain((ref) => fc.oneof(sameMake(ref), edited(ref))),
        (text) => {
          const expected = fullScan(text);
          if (expected.length > 0) accepted++;
          expect(detected(text), JSON.stringify(text)).toEqual(expected);
        },
      ),
      { numRuns: 20_000 },
    );
    // Most texts made this way are some country's reference: the outlines are tested where they matter.
    expect(accepted).toBeGreaterThan(5_000);
  });

  it("on arbitrary short texts of the references' characters (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ALPHABET), { maxLength: 28 }).map((chars) => chars.join('')),
        (text) => {
          expect(detected(text), JSON.stringify(text)).toEqual(fullScan(text));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});

describe('ReferenceShapeIndex', () => {
  const [spain, france, poland] = (['ES', 'FR', 'PL'] as const).map((code) => registry.find(code)!);
  const shapes = new ReferenceShapeIndex<CountryAdapter>([spain, france, poland], (a) => a.referenceShape);
  const index = { fitting: (text: string) => shapes.fitting(text).map((a) => a.code) };

  it('keeps only the countries whose outline fits, counting neither whitespace nor dashes', () => {
    expect(index.fitting('9398516VK3799G')).toEqual(['ES', 'FR']);
    expect(index.fitting(' 9398516-VK-3799G ')).toEqual(['ES', 'FR']);
    expect(index.fitting('7837301VG8173B0001TT')).toEqual(['ES']);
    expect(index.fitting('141201_1.0001.6509')).toEqual(['PL']);
    // PL requires '_' and '.': 21 digits without them fit nobody (Spain's and France's are shorter).
    expect(index.fitting('141201100016509012345')).toEqual([]);
  });

  it('runs every parser on a text with a character outside ASCII', () => {
    expect(index.fitting('9398516VK3799Ñ')).toEqual(['ES', 'FR', 'PL']);
    expect(index.fitting('9398516VK3799G\u00a0')).toEqual(['ES', 'FR', 'PL']);
  });

  it('runs an adapter that declares no outline on every text', () => {
    const open = new ReferenceShapeIndex<string>(['any', 'es'], (name) => (name === 'es' ? spain.referenceShape : undefined));
    expect(open.fitting('x')).toEqual(['any']);
    expect(open.fitting('9398516VK3799G')).toEqual(['any', 'es']);
  });
});
