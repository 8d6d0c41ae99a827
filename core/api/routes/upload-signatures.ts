import { Transform } from 'node:stream';
import { validationError } from '../../model/index.js';

/**
 * How each file ending the upload routes accept begins: its first bytes, checked as they arrive
 * (firstBytesCheck) so a wrong file is refused after a few KB instead of after gigabytes. Written
 * by hand: the file-type sniffers know zip, gzip and SQLite but not the Catastro's CAT records,
 * GML against any XML, GeoJSON or a shapefile's sidecars, and each rule here is one prefix.
 */
interface Signature {
  /** What the file should be, for the refusal. */
  what: string;
  /** Bytes needed to decide (fewer when the file is shorter). */
  window: number;
  matches: (head: Buffer) => boolean;
}

const startsWith =
  (...bytes: number[]) =>
  (head: Buffer) =>
    head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);
/** The first character that is not a byte-order mark or white space. */
const firstCharacter = (head: Buffer) =>
  head
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .trimStart()[0];
/** Text: no NUL or other control byte than tab, line feed and carriage return. */
const isText = (head: Buffer) => !head.some((byte) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d);

/** dBase versions a shapefile's .dbf starts with (dBase III to VII, FoxPro, with and without memo). */
const DBASE_VERSIONS = new Set([0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8b, 0xcb, 0xe5, 0xf5, 0xfb]);

const ZIP: Signature = { what: 'a zip', window: 4, matches: startsWith(0x50, 0x4b, 0x03, 0x04) };
const XML: Signature = { what: 'an XML (GML) file', window: 1024, matches: (head) => firstCharacter(head) === '<' };
const JSON_OBJECT: Signature = { what: 'a GeoJSON file', window: 1024, matches: (head) => firstCharacter(head) === '{' };
/** A shapefile's .shp and .shx: file code 9994, big-endian. */
const SHAPE: Signature = { what: 'a shapefile part (.shp, .shx)', window: 4, matches: startsWith(0x00, 0x00, 0x27, 0x0a) };
const TEXT: Signature = { what: 'a text file', window: 256, matches: isText };

export const UPLOAD_SIGNATURES: Record<string, Signature> = {
  zip: ZIP,
  gz: { what: 'a gzip file', window: 2, matches: startsWith(0x1f, 0x8b) },
  gml: XML,
  xml: XML,
  // CAT: fixed 1,000-character records, each opening with its two-digit type (01 header, 11, 13, 14, 15, 17 …).
  cat: { what: 'a CAT file', window: 2, matches: (head) => /^\d\d/.test(head.toString('latin1')) },
  geojson: JSON_OBJECT,
  json: JSON_OBJECT,
  gpkg: { what: 'a GeoPackage', window: 16, matches: (head) => head.subarray(0, 16).equals(Buffer.from('SQLite format 3\0', 'latin1')) },
  shp: SHAPE,
  shx: SHAPE,
  dbf: { what: 'a dBase (.dbf) file', window: 1, matches: (head) => DBASE_VERSIONS.has(head[0]) },
  prj: TEXT,
  cpg: TEXT,
};

/**
 * Passes a picked file's bytes through once its first ones match its ending (UPLOAD_SIGNATURES);
 * otherwise fails with VALIDATION_ERROR before the rest is read. An ending without a rule passes.
 */
export function firstBytesCheck(name: string, extension: string): Transform {
  const signature = UPLOAD_SIGNATURES[extension];
  let head: Buffer | undefined = signature ? Buffer.alloc(0) : undefined;
  const decided = (transform: Transform): Error | undefined => {
    if (signature!.matches(head!)) {
      transform.push(head);
      head = undefined;
      return undefined;
    }
    return validationError(`${name} is not ${signature!.what}: its first bytes are not those of a .${extension} file. Nothing was imported.`);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === undefined) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      done(head.length >= signature!.window ? decided(this) : undefined);
    },
    flush(done) {
      done(head === undefined ? undefined : decided(this));
    },
  });
}
