import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNumberList } from '../../../core/formats/gml-geometry.js';
import { XmlScanner } from '../../../core/formats/xml-scanner.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { saxesEvents, scannerEvents } from '../../helpers/xml-events.js';

/** The bulk import's tokenizer must report what saxes reports, wherever the stream is cut. */
const gml = sampleParcelsGml().toString('utf8').slice(0, 60_000);
const document = gml.slice(0, gml.lastIndexOf('</member>') + '</member>'.length) + '\n</FeatureCollection>\n';

const bySaxes = saxesEvents;
const byScanner = scannerEvents;

describe('the import tokenizer (xml-scanner.ts) against saxes', () => {
  const expected = bySaxes(document);

  it('gives the same tags, attributes and text on the real Segovia file, cut anywhere', () => {
    expect(byScanner(document)).toEqual(expected);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: document.length - 1 }), { maxLength: 40 }), (cuts) => {
        expect(
          byScanner(
            document,
            cuts.sort((a, b) => a - b),
          ),
        ).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('reads comments, CDATA, character references, entities, self-closing tags and line ends as saxes does', () => {
    const xml =
      '<?xml version="1.0"?>\r\n<!DOCTYPE r [<!ELEMENT r ANY>]><!-- c --><r a="x&amp;y&#65;\tz" b=\'1 > 0\'><e/>one&lt;two&#x42;\r\n<![CDATA[<raw> & ]]><!-- in --> three</r>\n';
    expect(byScanner(xml)).toEqual(bySaxes(xml));
    for (let cut = 1; cut < xml.length; cut++) expect(byScanner(xml, [cut])).toEqual(bySaxes(xml));
  });

  it.each([
    ['an unclosed tag', '<r><a></r>'],
    ['a close tag that does not match', '<r><a></b></r>'],
    ['an unquoted attribute', '<r a=1></r>'],
    ['< inside an attribute value', '<r a="<"></r>'],
    ['< inside a later attribute value', '<r a="1" b="2" c="x<y"></r>'],
    ['a close tag of the same length that does not match', '<r><ab></ba></r>'],
    ['text outside the root', '<r></r>text'],
    ['two roots', '<r></r><s></s>'],
    ['no root', '<!-- nothing -->'],
    ['a bad name', '<1r></1r>'],
    ['a duplicate attribute', '<r a="1" a="2"></r>'],
    ['a document cut inside a tag', '<r><a b="1"'],
  ])('refuses %s, as saxes does', (_name, xml) => {
    expect(() => bySaxes(xml)).toThrow(/Malformed XML/);
    expect(() => byScanner(xml)).toThrow(/Malformed XML/);
  });

  it.each([
    ['an unquoted attribute', '<r a=1></r>'],
    ['< inside an attribute value', '<r a="<"></r>'],
    ['< inside a later attribute value', '<r a="1" b="2" c="x<y"></r>'],
    ['a duplicate attribute', '<r a="1" a="2"></r>'],
    ['a duplicate attribute of an inner element', '<r a="1"><e b="1" c="2" b="3"/></r>'],
    ['an unknown entity in an attribute', '<r a="&nbsp;"></r>'],
    ['an attribute without its value', '<r a></r>'],
  ])('refuses %s also in attributes the reader does not read', (_name, xml) => {
    const opened: Record<string, string>[] = [];
    const scanner = new XmlScanner({ open: (_local, attributes) => opened.push(attributes), text: () => {}, close: () => {}, wantsAttributes: () => false });
    expect(() => {
      scanner.write(Buffer.from(xml));
      scanner.close();
    }).toThrow(/Malformed XML|XML entity/);
    expect(opened.every((attributes) => Object.keys(attributes).length === 0)).toBe(true);
  });

  it.each([
    ['an entity of a DTD', '<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>'],
    ['an unknown entity', '<r>&nbsp;</r>'],
  ])('refuses %s, as saxes does, saying the importer does not expand it', (_name, xml) => {
    const refusal =
      /^The file uses an XML entity .* that is not one of XML's own .*: the importer does not expand the entities a file declares in its DOCTYPE, for safety/;
    expect(() => bySaxes(xml)).toThrow(refusal);
    expect(() => byScanner(xml)).toThrow(refusal);
  });
});

describe('posList numbers', () => {
  it('are the doubles Number() gives, bit for bit, for decimals as written and for anything else', () => {
    const token = fc.oneof(
      fc
        .tuple(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 8 }))
        .map(([whole, fraction, width]) => `${whole}.${String(fraction).padStart(8, '0').slice(0, width)}`),
      fc.double({ noNaN: false }).map(String),
      fc.constantFrom('-0', '+5', '.5', '5.', '-', '.', '1.2.3', '1e3', '0x10', 'abc', '12345678901234567', '0.1234567890123456789', 'Infinity'),
    );
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 20 }), fc.constantFrom(' ', '\n  ', '\t'), (tokens, space) => {
        const parsed = parseNumberList(` ${tokens.join(space)} `);
        expect(parsed.map((n) => (Object.is(n, -0) ? '-0' : String(n)))).toEqual(
          tokens.map((t) => {
            const n = Number(t);
            return Object.is(n, -0) ? '-0' : String(n);
          }),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
