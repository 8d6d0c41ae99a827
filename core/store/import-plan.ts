import { existsSync, readFileSync } from 'node:fs';
import path, { basename } from 'node:path';
import { municipalityFromMetadata, type MunicipalityFacts } from './importers/atom-metadata.js';
import { NATIONAL_BULK_FORMATS, nationalBulkFormat } from '../countries/bulk-formats.js';
import { etalabAreaOfFileName } from '../countries/fr/etalab-files.js';
import { hmlrAuthorityOfFileName } from '../countries/uk/hmlr-files.js';
import type { CountryCode } from '../model/index.js';
import { checkInputFile } from '../file-checks.js';
import { fileSize, peekText, type TextInput } from './importers/text-stream.js';
import { listZipEntries, readZipEntryText, type ZipEntryInfo } from './importers/zip-archive.js';
import type { ImportResult } from './types.js';

export type ImportKind = ImportResult['kind'];

/** One importable stream of a file: the file itself, or one GML inside a published zip. */
export interface ImportPart {
  input: TextInput;
  kind: ImportKind;
  /** The country whose records the part holds (what the writer keys them by). */
  country: CountryCode;
}

/** What importing one file (loose GML, `.gml.gz`, CAT or the Catastro's zip) means. */
export interface ImportPlan {
  file: string;
  bytes: number;
  parts: ImportPart[];
  /** Bytes the parts stream, for progress (inflated sizes for a zip). */
  bytesTotal: number;
  /** The municipality a Catastro INSPIRE file covers, from its name and metadata. */
  municipality?: { country: CountryCode; code: string; name?: string; province?: string };
  /** The published area of another country's file, from its name (Etalab's `cadastre-91216-parcelles.json.gz`, HM Land Registry's `<authority>.zip`). */
  area?: { country: CountryCode; code: string; name?: string };
  /** The file's own date (YYYY-MM-DD): the GML's timeStamp, else its metadata's dateStamp, else the zip entry's date. */
  dataDate?: string;
}

/** The first INSPIRE feature element of a GML head, by local name. */
const FIRST_FEATURE = /<(?:[\w-]+:)?(CadastralParcel|Building|CadastralZoning|OtherConstruction|BuildingPart|Address)[\s>]/;
/** `timeStamp` of a WFS 2.0 FeatureCollection: when the Catastro produced the file. */
const COLLECTION_TIMESTAMP = /<(?:[\w-]+:)?FeatureCollection\b[^>]*\stimeStamp="(\d{4}-\d{2}-\d{2})/;
const METADATA_DATESTAMP = /<gmd:dateStamp>\s*<gco:Date(?:Time)?>(\d{4}-\d{2}-\d{2})/;
/** `A.ES.SDGC.CP.40146.zip`, `A.ES.SDGC.BU.40146.building.gml(.gz)`: the INE municipality code. */
const CATASTRO_FILE = /^A\.ES\.SDGC\.(CP|BU|AD)\.(\d{5})\./;
/** The Catastro's own formats (its INSPIRE parcels and buildings GML, its CAT files) hold Spain's records. */
const CATASTRO_COUNTRY: CountryCode = 'ES';

/** The country a part of `kind` belongs to: a national format's own, else the Catastro's. */
const countryOfKind = (kind: ImportKind): CountryCode =>
  NATIONAL_BULK_FORMATS.find((format) => format.kind === kind)?.country ?? CATASTRO_COUNTRY;

function kindFromHead(name: string, head: string): ImportKind | { notKept: string } {
  const national = nationalBulkFormat(head);
  if (national) return national.kind;
  const feature = FIRST_FEATURE.exec(head)?.[1];
  if (feature === 'CadastralParcel') return 'inspire-parcels';
  if (feature === 'Building') return 'inspire-buildings';
  if (feature === 'Address') return 'inspire-addresses';
  if (feature) return { notKept: feature };
  const firstLine = head.split(/\r?\n/, 1)[0];
  if (/^\d\d/.test(firstLine) && (firstLine.length >= 990 || head.length < 990)) return 'cat';
  throw new Error(`${name} is neither an INSPIRE parcels, buildings or addresses GML nor a CAT file, nor a national parcels file the copy takes (${NATIONAL_BULK_FORMATS.map((f) => f.kind).join(', ')}).`);
}

/**
 * What a file is, from its content (names lie; the Catastro's zips hold `.gml` of every kind).
 * The first feature element decides: the same download also holds zoning, other constructions
 * and other constructions, which must be refused rather than "imported" as zero records.
 */
export async function detectImportKind(file: string): Promise<ImportKind> {
  const kind = kindFromHead(basename(file), await peekText(file, 16384));
  if (typeof kind === 'object') {
    throw new Error(`${basename(file)} holds INSPIRE ${kind.notKept} features, which the local copy does not keep (it takes CadastralParcel, Building and Address files, and CAT files).`);
  }
  return kind;
}

const isZip = (file: string) => /\.zip$/i.test(file);

/**
 * Plans the import of one file. A Catastro zip (`A.ES.SDGC.CP.NNNNN.zip`: parcels, zoning and
 * metadata; `A.ES.SDGC.BU.NNNNN.zip`: buildings, parts, other constructions) is read in place:
 * its parcels and buildings GML are streamed out of it, the other layers are not kept, and its
 * metadata names the municipality and dates the data.
 */
export async function planImport(file: string): Promise<ImportPlan> {
  checkInputFile(file, 'File');
  const code = CATASTRO_FILE.exec(basename(file))?.[2];
  if (!isZip(file)) {
    const kind = await detectImportKind(file);
    const head = kind === 'cat' ? '' : await peekText(file, 4096);
    const metadata = kind === 'inspire-parcels' ? siblingMetadata(file, code) : undefined;
    return {
      file, bytes: fileSize(file), bytesTotal: fileSize(file), parts: [{ input: file, kind, country: countryOfKind(kind) }],
      municipality: municipalityOf(code, metadata),
      ...(kind === 'fr-etalab-geojson' && { area: etalabAreaOfFileName(basename(file)) }),
      dataDate: COLLECTION_TIMESTAMP.exec(head)?.[1] ?? (metadata && METADATA_DATESTAMP.exec(metadata)?.[1]),
    };
  }
  const entries = await listZipEntries(file);
  const parts: ImportPart[] = [];
  const skipped: string[] = [];
  let heads = '';
  // GML of the Catastro's zips; JSON of national downloads (Datafordeler's MAT zip).
  for (const entry of entries.filter((e) => /\.(gml|json)$/i.test(e.name))) {
    const head = await peekText(entry, 16384);
    const kind = kindFromHead(entry.name, head);
    if (typeof kind === 'object') { skipped.push(`${entry.name} (${kind.notKept})`); continue; }
    if (kind === 'cat') throw new Error(`${basename(file)}: ${entry.name} is not INSPIRE GML.`);
    parts.push({ input: entry, kind, country: countryOfKind(kind) });
    heads += head;
  }
  if (parts.length === 0) {
    throw new Error(`${basename(file)} holds no INSPIRE parcels, buildings or addresses GML${skipped.length ? ` (only ${skipped.join(', ')})` : ''}.`);
  }
  const metadataEntry = entries.find((e) => /\.MD\.\.?\d{5}\.xml$/i.test(e.name) || /metadata.*\.xml$/i.test(e.name));
  const metadata = metadataEntry ? await readZipEntryText(metadataEntry) : undefined;
  const partEntries = parts.map((p) => p.input as ZipEntryInfo);
  return {
    file,
    bytes: fileSize(file),
    bytesTotal: partEntries.reduce((sum, e) => sum + e.size, 0),
    parts,
    // An INSPIRE Index Polygons zip is its local authority's whole file: an area re-imported as one.
    ...(parts.every((p) => p.kind === 'uk-hmlr-gml') && { area: hmlrAuthorityOfFileName(basename(file)) }),
    municipality: municipalityOf(code ?? CATASTRO_FILE.exec(basename(partEntries[0].name))?.[2], metadata),
    dataDate: COLLECTION_TIMESTAMP.exec(heads)?.[1] ?? (metadata && METADATA_DATESTAMP.exec(metadata)?.[1]) ?? partEntries[0].modified,
  };
}

function municipalityOf(code: string | undefined, metadata: string | undefined): ImportPlan['municipality'] {
  const facts: MunicipalityFacts | undefined = metadata ? municipalityFromMetadata(metadata) : undefined;
  if (facts && (!code || facts.code === code)) {
    return { country: CATASTRO_COUNTRY, code: facts.code, name: facts.municipio, province: facts.provincia };
  }
  return code ? { country: CATASTRO_COUNTRY, code } : undefined;
}

/** The metadata file the ATOM zip ships beside the parcels GML, if it was extracted with it. */
function siblingMetadata(parcelsFile: string, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const metadata = path.join(path.dirname(parcelsFile), `A.ES.SDGC.CP.MD..${code}.xml`);
  return existsSync(metadata) ? readFileSync(metadata, 'utf8') : undefined;
}
