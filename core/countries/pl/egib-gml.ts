import { centroid, parcelAreaM2 } from '../../geo/polygon.js';
import { GmlFeatureReader } from '../../formats/gml-feature-reader.js';
import { streamSaxRecords } from '../../formats/sax-record-stream.js';
import type { TextChunk, TextInput } from '../../formats/text-stream.js';
import type { StoredParcel } from '../../model/records.js';
import { parsePolishReference } from './reference.js';
import { isIsoDay, todayIso } from '../../model/index.js';

/**
 * EGiB county export GML (fixtures README "Poland"): `egb:EGB_DzialkaEwidencyjna` features with
 * `egb:idDzialki`, `egb:powierzchniaEwidencyjna uom="ha"` and `egb:geometria` in a PL-2000 zone
 * (EPSG:2176–2179, northing first under the URN srsName: crs.ts knows the axis order). Other
 * features of the file (cartographic labels `bt:KR_ObiektKarto`, buildings, points) are skipped.
 */
class EgibParcelReader extends GmlFeatureReader<StoredParcel> {
  private record: { id?: string; hectares?: number; date?: string } | null = null;
  private field: string | null = null;

  constructor(emit: (parcel: StoredParcel) => void) {
    super(new Set(['geometria']), emit);
  }

  protected readingText(): boolean {
    return this.field !== null;
  }

  protected open(local: string, attributes: Record<string, string>): void {
    if (local === 'EGB_DzialkaEwidencyjna') {
      this.record = {};
      this.geometry.reset();
      return;
    }
    if (!this.record || this.geometry.open(local, attributes.srsName)) return;
    if (local === 'idDzialki' || local === 'powierzchniaEwidencyjna' || local === 'startWersjaObiekt') {
      if (local === 'powierzchniaEwidencyjna' && attributes.uom && attributes.uom !== 'ha') {
        throw new Error(`Parcel area in '${attributes.uom}', expected hectares (uom="ha").`);
      }
      this.field = local;
      this.text = '';
    }
  }

  protected close(local: string): void {
    if (!this.record || this.geometry.close(local)) return;
    if (this.field === local) {
      const value = this.text.trim();
      if (local === 'idDzialki') this.record.id = value;
      else if (local === 'powierzchniaEwidencyjna') this.record.hectares = Number(value);
      else this.record.date = value.slice(0, 10);
      this.field = null;
      return;
    }
    if (local === 'EGB_DzialkaEwidencyjna') {
      this.finish();
      this.record = null;
    }
  }

  private finish(): void {
    const record = this.record!;
    const ref = parsePolishReference(record.id ?? '');
    if (!ref) throw new Error(`A parcel whose idDzialki ${JSON.stringify(record.id ?? '')} is not a Polish parcel id.`);
    const geometry = this.outline(ref, 'polygon geometry');
    const hectares = record.hectares;
    this.emit({
      ref,
      country: 'PL',
      geometry,
      centroid: centroid(geometry),
      areaM2: parcelAreaM2(hectares === undefined ? undefined : Math.round(hectares * 10_000 * 100) / 100, geometry),
      source: 'bulk',
      dataDate: isIsoDay(record.date) ? record.date : todayIso(),
    });
  }
}

export function streamEgibParcels(input: TextInput, sink: (parcels: StoredParcel[], progress: TextChunk) => void): Promise<number> {
  return streamSaxRecords(input, (emit) => new EgibParcelReader(emit).sax, sink);
}
