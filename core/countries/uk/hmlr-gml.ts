import { centroid, parcelAreaM2 } from '../../geo/polygon.js';
import { GmlFeatureReader } from '../../formats/gml-feature-reader.js';
import { streamSaxRecords } from '../../formats/sax-record-stream.js';
import type { TextChunk, TextInput } from '../../formats/text-stream.js';
import type { StoredParcel } from '../../model/records.js';
import { isIsoDay, todayIso } from '../../model/index.js';
import { parseInspireId } from './reference.js';

/*
 * HM Land Registry's INSPIRE Index Polygons (England and Wales, Open Government Licence), one
 * `Land_Registry_Cadastral_Parcels.gml` per local authority: a WFS 2.0 FeatureCollection (its
 * `timeStamp` the publication run) of `LR:PREDEFINED` features (namespace `www.landregistry.gov.uk`)
 * with `LR:GEOMETRY` (one gml:Polygon in EPSG:27700, easting first, holes as gml:interior),
 * `LR:INSPIREID` (the parcel's number; LABEL and NATIONALCADASTRALREFERENCE repeat it) and
 * `LR:VALIDFROM`. No official area: the outline's is kept. A real slice of Vale of Glamorgan's
 * file is core/countries/uk/test/recordings/uk_hmlr_inspire_vale_of_glamorgan_sample.gml.
 */

/** `timeStamp` of the FeatureCollection: the day HM Land Registry produced the file. */
const dayOf = (stamp: string | undefined) => (isIsoDay(stamp?.slice(0, 10)) ? stamp!.slice(0, 10) : undefined);

class HmlrParcelReader extends GmlFeatureReader<StoredParcel> {
  private published = todayIso();
  private inspireId: string | null | undefined;
  private inId = false;

  constructor(emit: (parcel: StoredParcel) => void) {
    super(new Set(['GEOMETRY']), emit);
  }

  protected readingText(): boolean {
    return this.inId;
  }

  protected open(local: string, attributes: Record<string, string>): void {
    if (local === 'FeatureCollection') {
      this.published = dayOf(attributes.timeStamp) ?? this.published;
    } else if (local === 'PREDEFINED') {
      this.inspireId = null;
      this.geometry.reset();
    } else if (this.inspireId !== undefined && !this.geometry.open(local, attributes.srsName) && local === 'INSPIREID') {
      this.inId = true;
      this.text = '';
    }
  }

  protected close(local: string): void {
    if (this.inspireId === undefined || this.geometry.close(local)) return;
    if (local === 'INSPIREID' && this.inId) {
      this.inspireId = this.text.trim();
      this.inId = false;
    } else if (local === 'PREDEFINED') {
      this.finish(this.inspireId);
      this.inspireId = undefined;
    }
  }

  private finish(raw: string | null): void {
    const ref = parseInspireId(raw ?? '');
    if (!ref) throw new Error(`An LR:PREDEFINED parcel whose LR:INSPIREID ${JSON.stringify(raw ?? '')} is not an INSPIRE id (digits).`);
    const geometry = this.outline(ref, 'LR:GEOMETRY polygon');
    this.emit({
      ref,
      country: 'UK',
      geometry,
      centroid: centroid(geometry),
      areaM2: parcelAreaM2(undefined, geometry),
      source: 'bulk',
      dataDate: this.published,
    });
  }
}

export function streamHmlrParcels(input: TextInput, sink: (parcels: StoredParcel[], progress: TextChunk) => void): Promise<number> {
  return streamSaxRecords(input, (emit) => new HmlrParcelReader(emit).sax, sink);
}
