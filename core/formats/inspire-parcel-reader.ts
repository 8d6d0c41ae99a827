// The parse of an INSPIRE parcels file up to the outline in its source CRS: all the parse worker
// loads (no proj4, turf or saxes: its start-up is on an import's critical path). inspire-parcels.ts
// turns a ParsedParcel into the StoredParcel the copy keeps (docs/performance.md "Import against GDAL").
import type { CountryCode } from '../model/index.js';
// The module itself, not the model's index: this reader runs in the parse worker, which loads only
// what parsing needs (the index would bring TypeBox and every schema to its start-up).
import { isIsoDay, todayIso } from '../model/iso-day.js';
import type { RecordSource } from '../model/records.js';
import { GeometryProperty, SourceSurfaceCollector, type SourceRing } from './gml-surfaces.js';
import type { TextOf } from './pos-list.js';
import { readBytes, type ReadProgress, type TextInput } from './text-stream.js';
import { XmlScanner, type ScanHandlers } from './xml-scanner.js';

export interface ParcelReadOptions {
  source: RecordSource;
  /** Used when a parcel carries no beginLifespanVersion. */
  dataDate?: string;
  /** The country the file's parcels belong to. */
  country: CountryCode;
  /**
   * The land class a parcel's reference encodes, where the country's references encode one (INSPIRE
   * parcels carry no class). A function, so it stays on the importing thread (parcel-parse-thread.ts).
   */
  landClass?: (ref: string) => string | undefined;
  /** The country's reference from the parcel's identifiers (default: nationalCadastralReference, else localId, else the gml:id). */
  reference?: (ids: InspireParcelIds) => string | undefined;
}

/** The identifiers an INSPIRE parcel carries; which one is the national reference differs by country. */
export interface InspireParcelIds {
  gmlId?: string;
  localId?: string;
  nationalRef?: string;
  label?: string;
  /** MapServer's flat schema (Italy) writes the municipality code as text. */
  administrativeUnit?: string;
}

type Field = 'areaValue' | 'beginLifespanVersion' | 'localId' | 'nationalRef' | 'label' | 'administrativeUnit';

/**
 * Element names of the values read, by local name: the INSPIRE cp schema's, and the flat
 * upper-case names MapServer publishes the same properties under (Agenzia delle Entrate). A Map,
 * not an object: each tag's name is a fresh string, and a keyed property lookup first looks it up
 * among all the process's interned strings (a twentieth of the parse in the profile); the Map
 * hashes it once, and the sets asked next (GEOMETRY_ELEMENTS) reuse that hash.
 */
const FIELD_OF = new Map<string, Field>([
  ['areaValue', 'areaValue'],
  ['beginLifespanVersion', 'beginLifespanVersion'],
  ['localId', 'localId'],
  ['INSPIREID_LOCALID', 'localId'],
  ['nationalCadastralReference', 'nationalRef'],
  ['NATIONALCADASTRALREFERENCE', 'nationalRef'],
  ['label', 'label'],
  ['LABEL', 'label'],
  ['ADMINISTRATIVEUNIT', 'administrativeUnit'],
]);
const GEOMETRY_ELEMENTS = new Set(['geometry', 'msGeometry']);
const PARCEL_ATTRIBUTES: ReadonlySet<string> = new Set(['gml:id']);
const GEOMETRY_ATTRIBUTES: ReadonlySet<string> = new Set(['srsName', 'srsDimension']);

/**
 * Reads INSPIRE Cadastral Parcels (cp 4.0, GML 3.2) as the Catastro publishes them: the ATOM
 * download (`FeatureCollection` of `member`) and WFS answers (GetParcel, GetNeighbourParcel).
 * Each `CadastralParcel` becomes a ParsedParcel: its outline still in the file's CRS.
 */
export class CadastralParcelReader implements ScanHandlers {
  private readonly geometry = new GeometryProperty(new SourceSurfaceCollector(), GEOMETRY_ELEMENTS);
  private record: ({ areaM2?: number; dataDate?: string } & InspireParcelIds) | null = null;
  private field: Field | null = null;
  private value = '';

  constructor(
    private readonly options: ParcelReadOptions,
    private readonly emit: (parcel: ParsedParcel) => void,
  ) {}

  open(local: string, attributes: Record<string, string>): void {
    if (local === 'CadastralParcel' || local === 'CP.CadastralParcel') {
      this.record = { gmlId: attributes['gml:id'] };
      this.geometry.reset();
      return;
    }
    if (!this.record || this.geometry.open(local, attributes.srsName, attributes.srsDimension)) return;
    const field = FIELD_OF.get(local);
    if (field) {
      this.field = field;
      this.value = '';
    }
  }

  /** Only the parcel's gml:id and the geometry's srsName and srsDimension are read: the scanner decodes no other attribute. */
  wantsAttributes(local: string): ReadonlySet<string> | false {
    if (local === 'CadastralParcel' || local === 'CP.CadastralParcel') return PARCEL_ATTRIBUTES;
    return (this.geometry.inside || GEOMETRY_ELEMENTS.has(local)) && GEOMETRY_ATTRIBUTES;
  }

  /** Only a value's text and coordinates are read: the scanner skips handing over the rest; coordinates as bytes. */
  wantsText(): boolean | 'bytes' {
    return this.geometry.inside ? this.geometry.surfaces.wantsText() && 'bytes' : this.field !== null;
  }

  textBytes(bytes: Uint8Array, start: number, end: number, decode: TextOf): void {
    this.geometry.surfaces.addBytes(bytes, start, end, decode);
  }

  text(text: string): void {
    if (this.geometry.inside) this.geometry.surfaces.addText(text);
    else if (this.field) this.value += text;
  }

  close(local: string): void {
    if (!this.record || this.geometry.close(local)) return;
    if (this.field && this.field === FIELD_OF.get(local)) {
      const value = this.value.trim();
      if (this.field === 'areaValue') this.record.areaM2 = Number(value);
      else if (this.field === 'beginLifespanVersion') this.record.dataDate = value.slice(0, 10);
      else this.record[this.field] = value;
      this.field = null;
      return;
    }
    if (local === 'CadastralParcel' || local === 'CP.CadastralParcel') {
      this.finish();
      this.record = null;
    }
  }

  private finish(): void {
    const record = this.record!;
    const ref = this.options.reference ? this.options.reference(record) : record.nationalRef || record.localId || record.gmlId?.replace(/^ES\.SDGC\.CP\./, '');
    const polygons = this.geometry.surfaces.sourcePolygons();
    if (!ref) throw new Error('A CadastralParcel without a reference (no nationalCadastralReference, localId or gml:id).');
    if (polygons.length === 0) throw new Error(`Parcel ${ref} has no polygon geometry.`);
    this.emit({
      ref,
      polygons,
      areaValue: record.areaM2,
      ...(record.administrativeUnit && { municipio: record.administrativeUnit }),
      dataDate: isIsoDay(record.dataDate) ? record.dataDate : (this.options.dataDate ?? todayIso()),
    });
  }
}

/** A parcel as read from the file, before its outline is reprojected (storedParcelOf in inspire-parcels.ts). */
export interface ParsedParcel {
  ref: string;
  /** Surfaces of rings in the file's CRS: the first ring of each the exterior. */
  polygons: SourceRing[][];
  /** The file's areaValue (m²), if any. */
  areaValue?: number;
  municipio?: string;
  dataDate: string;
}

/**
 * Streams a parcels file, handing its parcels, each through `convert` as it closes, to `sink` in
 * batches after each decoded chunk, so memory stays flat whatever the file's size.
 */
export async function streamParsedParcels<T>(
  file: TextInput,
  options: ParcelReadOptions,
  convert: (parcel: ParsedParcel) => T,
  sink: (parcels: T[], progress: ReadProgress) => void | Promise<void>,
): Promise<number> {
  let batch: T[] = [];
  let total = 0;
  // The bulk path's own tokenizer (xml-scanner.ts): saxes was a third of an import.
  const scanner = new XmlScanner(
    new CadastralParcelReader(options, (p) => {
      batch.push(convert(p));
      total++;
    }),
  );
  for await (const chunk of readBytes(file)) {
    scanner.write(chunk.bytes);
    const full = batch;
    batch = [];
    await sink(full, chunk);
  }
  scanner.close();
  if (batch.length) await sink(batch, { bytesRead: 0 });
  return total;
}
