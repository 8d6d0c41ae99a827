import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';
import { CadastralParcelReader, type ParsedParcel } from '../../../core/formats/inspire-parcel-reader.js';
import { createSax } from '../../../core/formats/sax.js';
import { readBytes, readText } from '../../../core/formats/text-stream.js';
import { MAX_DEPTH, XmlScanner } from '../../../core/formats/xml-scanner.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { chunkCuts, saxesEvents, scannerEvents } from '../../helpers/xml-events.js';

/**
 * The import's tokenizer reads a file's bytes (xml-scanner.ts): what it hands over must be what
 * saxes gives for the decoded text, however the bytes are cut into chunks.
 */
/** `bytes` written in chunks of `size` bytes. */
function inChunks(bytes: Buffer, size: number, write: (chunk: Buffer) => void): void {
  for (let at = 0; at < bytes.length; at += size) write(bytes.subarray(at, at + size));
}

const bySaxes = saxesEvents;
const byScanner = (bytes: Buffer, size = bytes.length) => scannerEvents(bytes, chunkCuts(bytes.length, size));
const parse =
  (bytes: Buffer, size = bytes.length) =>
  () =>
    byScanner(bytes, size);

describe('the import tokenizer over bytes', () => {
  // 2-, 3- and 4-byte characters in element and attribute names, values and text, and U+00B7 (a name character, not a first one).
  const multiByte =
    '<?xml version="1.0" encoding="UTF-8"?>\n<raíz xmlns:é="urn:x"><é:año día="Segovia · Castilla y León" b·c=\'€ &amp; 中\'>Ñandú 中文 𝄞 &lt; más</é:año><x·y/></raíz>\n';

  it('reads multi-byte UTF-8 names, values and text as saxes reads the decoded text, at every chunk size', () => {
    const expected = bySaxes(multiByte);
    expect(expected).toContainEqual(['open', 'año', { día: 'Segovia · Castilla y León', 'b·c': '€ & 中' }]);
    const bytes = Buffer.from(multiByte);
    for (let size = 1; size <= bytes.length; size++) expect(byScanner(bytes, size)).toEqual(expected);
  });

  it('skips a UTF-8 byte order mark at the start, whatever the chunk size', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(multiByte)]);
    for (const size of [1, 2, 3, 4, 64]) expect(byScanner(bytes, size)).toEqual(bySaxes(multiByte));
  });

  it('reads a Latin-1 file (bytes that are not UTF-8) as Latin-1, at every chunk size', () => {
    const latin1 = Buffer.from('<r a="Peñalosa"><n>Señor · Cañada</n></r>', 'latin1');
    const expected = bySaxes(latin1.toString('latin1'));
    expect(expected).toContainEqual(['text', 'Señor · Cañada']);
    for (let size = 1; size <= latin1.length; size++) expect(byScanner(latin1, size)).toEqual(expected);
  });

  describe('a file whose first chunk is UTF-8 and a later one Latin-1', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'scanner-bytes-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    it('gives the strings readText gives: UTF-8 before the chunk that is not, Latin-1 from it on', async () => {
      const pad = `<pad>${' '.repeat(70_000)}</pad>`;
      const bytes = Buffer.concat([Buffer.from(`<r><a>León</a>${pad}<b>`), Buffer.from('Peñalosa</b></r>', 'latin1')]);
      const file = path.join(dir, 'mixed.xml');
      writeFileSync(file, bytes);
      let text = '';
      for await (const chunk of readText(file)) text += chunk.text;
      const expected = bySaxes(text);
      expect(expected).toContainEqual(['text', 'León']);
      expect(expected).toContainEqual(['text', 'Peñalosa']);
      const chunks: Buffer[] = [];
      for await (const chunk of readBytes(file)) chunks.push(Buffer.from(chunk.bytes));
      const read = Buffer.concat(chunks);
      expect(chunks.length).toBeGreaterThan(1);
      expect(scannerEvents(read, chunkCuts(read.length, chunks[0].length))).toEqual(expected);
    });
  });

  it.each([
    ['a NUL byte in text no reader reads', '<r><a>x\0y</a></r>', /Malformed XML: disallowed character \(NUL\) \(near byte 7\)/],
    ['a NUL byte in a comment', '<r><!-- \0 --></r>', /Malformed XML: disallowed character \(NUL\)/],
    ['a control character in a value', '<r a="x\x01y"></r>', /Malformed XML: disallowed character/],
    ['a control character in text', '<r>x\x0by</r>', /Malformed XML: disallowed character/],
    ['a document ending inside an element', '<r><a>some text', /Malformed XML: unclosed tag: a/],
    ['a document ending inside a comment', '<r><!-- some', /Malformed XML: unexpected end/],
    ['a document ending inside a name', '<r><cp:Cadastr', /Malformed XML: unexpected end/],
    ['elements nested deeper than the limit', `${'<a>'.repeat(MAX_DEPTH + 1)}${'</a>'.repeat(MAX_DEPTH + 1)}`, /nested more than 1024 deep/],
    // Not UTF-8, so Latin-1: U+0080 is no name character.
    ['a byte that is no name character inside a tag', '<r><a\x80></a\x80></r>', /Malformed XML: no whitespace between attributes/],
    ['a name starting with U+00B7', '<r><\xc2\xb7a/></r>', /Malformed XML: disallowed character in a name/],
  ])('refuses %s, at every chunk size', (_name, xml, reason) => {
    const bytes = Buffer.from(xml, 'latin1');
    for (const size of [1, 2, 3, 5, 7, bytes.length]) expect(parse(bytes, size)).toThrow(reason);
  });

  // A `>` in every chunk sent the cut markup back to a full scan from its start, made into a
  // string each time: 16 MiB of comment took 9 s and 180 MiB before it was refused.
  it.each([
    ['a comment', '<r><!--', '->'],
    ['an attribute value', '<r a="', 'x>'],
    ['a DOCTYPE', '<!DOCTYPE r [ <!ENTITY e "', 'x>'],
  ])('refuses %s running on for megabytes, reading each byte a bounded number of times', (_name, start, repeated) => {
    const chunk = Buffer.from(repeated.repeat(32_768));
    const chunks = [Buffer.from(start), ...Array<Buffer>(300).fill(chunk)];
    const toString = Buffer.prototype.toString;
    let decoded = 0;
    const spy = vi.spyOn(Buffer.prototype, 'toString').mockImplementation(function (this: Buffer, ...args: unknown[]) {
      const text = toString.apply(this, args as Parameters<Buffer['toString']>);
      decoded += text.length;
      return text;
    });
    try {
      const scanner = new XmlScanner({ open: () => {}, text: () => {}, close: () => {} });
      expect(() => chunks.forEach((c) => scanner.write(c))).toThrow(/a text or tag longer than 16 Mi characters/);
    } finally {
      spy.mockRestore();
    }
    expect(decoded).toBeLessThan(4 * 300 * chunk.length);
  });

  it('holds elements nested to the limit', () => {
    const bytes = Buffer.from(`${'<a>'.repeat(MAX_DEPTH)}${'</a>'.repeat(MAX_DEPTH)}`);
    expect(byScanner(bytes).filter((e) => e[0] === 'open')).toHaveLength(MAX_DEPTH);
  });
});

describe('parcels read from bytes', () => {
  const gml = sampleParcelsGml();
  const head = gml.subarray(0, gml.indexOf('<member>')).toString('utf8');
  const member = (n: number) => {
    let at = gml.indexOf('<member>');
    for (let k = 0; k < n; k++) at = gml.indexOf('<member>', at + 1);
    return gml.subarray(at, gml.indexOf('</member>', at) + '</member>'.length).toString('utf8');
  };

  function parsedBy(write: (reader: CadastralParcelReader) => void): ParsedParcel[] {
    const parcels: ParsedParcel[] = [];
    write(new CadastralParcelReader({ ...CATASTRO_PARCELS, source: 'inspire', dataDate: '2020-01-01' }, (p) => parcels.push(p)));
    return parcels;
  }
  /** A parcel's values, its rings' numbers by their bytes (every last bit, -0). */
  const valuesOf = (parcels: ParsedParcel[]) =>
    parcels.map((p) => ({ ...p, polygons: p.polygons.map((rings) => rings.map((r) => Buffer.from(Float64Array.from(r.xy).buffer).toString('hex'))) }));
  const scanned = (bytes: Buffer, size: number) =>
    valuesOf(
      parsedBy((reader) => {
        const scanner = new XmlScanner(reader);
        inChunks(bytes, size, (chunk) => scanner.write(chunk));
        scanner.close();
      }),
    );
  const saxed = (text: string) =>
    valuesOf(
      parsedBy((reader) => {
        const sax = createSax(reader);
        sax.write(text);
        sax.close();
      }),
    );

  it('are the parcels saxes reads from the decoded text, every coordinate bit for bit: the real Segovia file', () => {
    const expected = saxed(gml.toString('utf8'));
    expect(expected).toHaveLength(1443);
    for (const size of [gml.length, 65_536, 4_093, 61]) expect(scanned(gml, size)).toEqual(expected);
  });

  it('are the same when every chunk comes in one buffer reused from read to read, as a file is read', () => {
    const expected = saxed(gml.toString('utf8'));
    const reused = Buffer.alloc(4_093);
    const parcels = parsedBy((reader) => {
      const scanner = new XmlScanner(reader);
      inChunks(gml, reused.length, (chunk) => {
        reused.fill(0x3c); // whatever the scanner kept a view of is overwritten
        chunk.copy(reused);
        scanner.write(reused.subarray(0, chunk.length));
      });
      scanner.close();
    });
    expect(valuesOf(parcels)).toEqual(expected);
  });

  it('read a posList cut by a comment, CDATA, character references and CRLF as the numbers of its character data, at every chunk size', () => {
    const plain = `${head}${member(0)}</FeatureCollection>`;
    const posList = /(<gml:posList[^>]*>)([^<]+)</.exec(plain)!;
    const numbers = posList[2].trim().split(/\s+/);
    // "376623.320" becomes "3766<!-- -->23.3&#x32;0", a number cut by CDATA, blanks as references and CRLF.
    const [first, second, ...rest] = numbers;
    const cut = `\r\n${first.slice(0, 4)}<!-- a comment -->${first.slice(4, 8)}&#x${first.charCodeAt(8).toString(16)};${first.slice(9)}&#32;<![CDATA[${second.slice(0, 3)}]]>${second.slice(3)}\r\n${rest.join('\t')}`;
    const text = plain.replace(posList[0], `${posList[1]}${cut}<`);
    const expected = saxed(plain);
    expect(saxed(text)).toEqual(expected);
    const bytes = Buffer.from(text);
    for (let size = 1; size <= 97; size++) expect(scanned(bytes, size)).toEqual(expected);
  });

  it('read a ring written as one gml:pos per vertex as its posList, at every chunk size', () => {
    const plain = `${head}${member(0)}</FeatureCollection>`;
    const posList = /<gml:posList[^>]*>([^<]+)<\/gml:posList>/.exec(plain)!;
    const numbers = posList[1].trim().split(/\s+/);
    const pos = numbers.flatMap((n, i) => (i % 2 === 0 ? [`<gml:pos>${n} ${numbers[i + 1]}</gml:pos>`] : [])).join('\n');
    const bytes = Buffer.from(plain.replace(posList[0], pos));
    const expected = saxed(plain);
    for (let size = 1; size <= 41; size++) expect(scanned(bytes, size)).toEqual(expected);
  });
});
