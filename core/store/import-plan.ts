import { existsSync, readFileSync } from 'node:fs';
import path, { basename } from 'node:path';
import { municipalityFromMetadata, type MunicipalityFacts } from './importers/atom-metadata.js';
import type { CountryCode } from '../model/index.js';
import type { ImportFormats, NationalBulkFormat } from './import-formats.js';
import { checkInputFile } from '../file-checks.js';
import { fileSize, peekText, type TextInput } from '../formats/text-stream.js';
import { listZipEntries, readZipEntryText, type ZipEntryInfo } from '../formats/zip-archive.js';
import type { ImportResult } from '../model/records.js';

export type ImportKind = ImportResult['kind'];

/** One importable stream of a file: the file itself, or one GML inside a published zip. */
export interface ImportPart {
  input: TextInput;
  kind: ImportKind;
  /** The country whose records the part holds (what the writer keys them by). */
  country: CountryCode;
  /** The national format that reads the part, when it is one. */
  national?: NationalBulkFormat;
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
  /** The published area of a national file, from its name (Etalab's `cadastre-91216-parcelles.json.gz`, HM Land Registry's `<authority>.zip`), else from what it holds (Etalab's `commune` codes). */
  area?: { country: CountryCode; code: string; name?: string };
  /** The file's own date (YYYY-MM-DD): the GML's timeStamp, else its metadata's dateStamp, else the zip entry's date. */
  dataDate?: string;
}

/**
 * What a part brought before its records are counted: the file's date, and the offline area for
 * the kinds that fill one (not a CAT file's units nor the addresses).
 */
export function emptyResult(plan: ImportPlan, part: ImportPart, area: string | undefined): ImportResult {
  return {
    file: plan.file,
    kind: part.kind,
    parcels: 0,
    buildings: 0,
    units: 0,
    fincas: 0,
    skipped: 0,
    durationMs: 0,
    ...(plan.dataDate && { dataDate: plan.dataDate }),
    ...(area && part.kind !== 'cat' && part.kind !== 'inspire-addresses' && { area }),
  };
}

/** The first INSPIRE feature element of a GML head, by local name. */
const FIRST_FEATURE = /<(?:[\w-]+:)?(CadastralParcel|Building|CadastralZoning|OtherConstruction|BuildingPart|Address)[\s>]/;
/** `timeStamp` of a WFS 2.0 FeatureCollection: when the Catastro produced the file. */
const COLLECTION_TIMESTAMP = /<(?:[\w-]+:)?FeatureCollection\b[^>]*\stimeStamp="(\d{4}-\d{2}-\d{2})/;
const METADATA_DATESTAMP = /<gmd:dateStamp>\s*<gco:Date(?:Time)?>(\d{4}-\d{2}-\d{2})/;
/** A part of `kind`: a national format's (its country), else the INSPIRE publisher's. */
function partOf(formats: ImportFormats, input: TextInput, kind: ImportKind): ImportPart {
  const national = formats.national.find((format) => format.kind === kind);
  return national ? { input, kind, country: national.country, national } : { input, kind, country: formats.inspire.country };
}

function kindFromHead(formats: ImportFormats, name: string, head: string): ImportKind | { notKept: string } {
  const national = formats.national.find((format) => format.detect(head));
  if (national) return national.kind;
  const feature = FIRST_FEATURE.exec(head)?.[1];
  if (feature === 'CadastralParcel') return 'inspire-parcels';
  if (feature === 'Building') return 'inspire-buildings';
  if (feature === 'Address') return 'inspire-addresses';
  if (feature) return { notKept: feature };
  const firstLine = head.split(/\r?\n/, 1)[0];
  if (/^\d\d/.test(firstLine) && (firstLine.length >= 990 || head.length < 990)) return 'cat';
  throw new Error(
    `${name} is neither an INSPIRE parcels, buildings or addresses GML nor a CAT file, nor a national parcels file the copy takes (${formats.national.map((f) => f.kind).join(', ')}).`,
  );
}

/**
 * What a file is, from its content (names lie; the Catastro's zips hold `.gml` of every kind).
 * The first feature element decides: the same download also holds zoning, other constructions
 * and other constructions, which must be refused rather than "imported" as zero records.
 */
export async function detectImportKind(file: string, formats: ImportFormats): Promise<ImportKind> {
  const kind = kindFromHead(formats, basename(file), await peekText(file, 16384));
  if (typeof kind === 'object') {
    throw new Error(
      `${basename(file)} holds INSPIRE ${kind.notKept} features, which the local copy does not keep (it takes CadastralParcel, Building and Address files, and CAT files).`,
    );
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
export async function planImport(file: string, formats: ImportFormats): Promise<ImportPlan> {
  checkInputFile(file, 'File');
  const { inspire } = formats;
  const code = inspire.municipalityOfFileName(basename(file));
  if (!isZip(file)) {
    const kind = await detectImportKind(file, formats);
    const head = kind === 'cat' ? '' : await peekText(file, 4096);
    const metadata = kind === 'inspire-parcels' && code ? siblingFile(file, inspire.metadataFileName(code)) : undefined;
    const part = partOf(formats, file, kind);
    const area = part.national?.areaOfFileName?.(basename(file)) ?? (await part.national?.areaOfContent?.(file));
    return {
      file,
      bytes: fileSize(file),
      bytesTotal: fileSize(file),
      parts: [part],
      municipality: municipalityOf(inspire.country, code, metadata),
      ...(area && { area: { ...area, country: part.country } }),
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
    const kind = kindFromHead(formats, entry.name, head);
    if (typeof kind === 'object') {
      skipped.push(`${entry.name} (${kind.notKept})`);
      continue;
    }
    if (kind === 'cat') throw new Error(`${basename(file)}: ${entry.name} is not INSPIRE GML.`);
    parts.push(partOf(formats, entry, kind));
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
    // A zip of one national format named as a published area (HM Land Registry's INSPIRE Index
    // Polygons: a local authority's whole file) is that area, re-imported as one.
    ...zipArea(file, parts),
    municipality: municipalityOf(inspire.country, code ?? inspire.municipalityOfFileName(basename(partEntries[0].name)), metadata),
    dataDate: COLLECTION_TIMESTAMP.exec(heads)?.[1] ?? (metadata && METADATA_DATESTAMP.exec(metadata)?.[1]) ?? partEntries[0].modified,
  };
}

function zipArea(file: string, parts: ImportPart[]): Pick<ImportPlan, 'area'> {
  const [{ national }] = parts;
  const area = national && parts.every((p) => p.national === national) ? national.areaOfFileName?.(basename(file)) : undefined;
  return area ? { area: { ...area, country: national!.country } } : {};
}

function municipalityOf(country: CountryCode, code: string | undefined, metadata: string | undefined): ImportPlan['municipality'] {
  const facts: MunicipalityFacts | undefined = metadata ? municipalityFromMetadata(metadata) : undefined;
  if (facts && (!code || facts.code === code)) {
    return { country, code: facts.code, name: facts.municipio, province: facts.provincia };
  }
  return code ? { country, code } : undefined;
}

/** The metadata file the ATOM zip ships beside the parcels GML, if it was extracted with it. */
function siblingFile(parcelsFile: string, name: string): string | undefined {
  const metadata = path.join(path.dirname(parcelsFile), name);
  return existsSync(metadata) ? readFileSync(metadata, 'utf8') : undefined;
}
