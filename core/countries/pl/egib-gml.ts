import { centroid, parcelAreaM2 } from '../../geo/polygon.js';
import { GeometryProperty, GmlSurfaceCollector } from '../../formats/gml-geometry.js';
import { createSax } from '../../formats/sax.js';
import { readText, type TextChunk, type TextInput } from '../../formats/text-stream.js';
import type { StoredParcel } from '../../model/records.js';
import { parsePolishReference } from './reference.js';
import { isIsoDay, todayIso } from '../../model/index.js';

/**
 * EGiB county export GML (fixtures README "Poland"): `egb:EGB_DzialkaEwidencyjna` features with
 * `egb:idDzialki`, `egb:powierzchniaEwidencyjna uom="ha"` and `egb:geometria` in a PL-2000 zone
 * (EPSG:2176–2179, northing first under the URN srsName: crs.ts knows the axis order). Other
 * features of the file (cartographic labels `bt:KR_ObiektKarto`, buildings, points) are skipped.
 */
class EgibParcelReader {
  private readonly geometry = new GeometryProperty(new GmlSurfaceCollector(), new Set(['geometria']));
  private record: { id?: string; hectares?: number; date?: string } | null = null;
  private field: string | null = null;
  private text = '';
  readonly sax;

  constructor(private readonly emit: (parcel: StoredParcel) => void) {
    this.sax = createSax({
      open: (local, attributes) => this.open(local, attributes),
      text: (text) => {
        if (this.geometry.inside) this.geometry.surfaces.addText(text);
        else if (this.field) this.text += text;
      },
      close: (local) => this.close(local),
    });
  }

  private open(local: string, attributes: Record<string, string>): void {
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

  private close(local: string): void {
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
    const geometry = this.geometry.surfaces.geometry();
    if (!geometry) throw new Error(`Parcel ${ref} has no polygon geometry.`);
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

export async function streamEgibParcels(input: TextInput, sink: (parcels: StoredParcel[], progress: TextChunk) => void): Promise<number> {
  let batch: StoredParcel[] = [];
  let total = 0;
  const reader = new EgibParcelReader((p) => {
    batch.push(p);
    total++;
  });
  for await (const chunk of readText(input)) {
    reader.sax.write(chunk.text);
    sink(batch, chunk);
    batch = [];
  }
  reader.sax.close();
  if (batch.length) sink(batch, { text: '', bytesRead: 0 });
  return total;
}
