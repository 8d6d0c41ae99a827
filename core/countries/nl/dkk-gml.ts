import { centroid, parcelAreaM2 } from '../../geo/polygon.js';
import { GmlFeatureReader } from '../../formats/gml-feature-reader.js';
import { streamSaxRecords } from '../../formats/sax-record-stream.js';
import type { TextChunk, TextInput } from '../../formats/text-stream.js';
import type { StoredParcel } from '../../model/records.js';
import { dutchReference } from './reference.js';
import { isIsoDay, todayIso } from '../../model/index.js';

/*
 * Kadaster's Kadastrale Kaart (DKK v5) GML download: `oz:Perceel` features in EPSG:28992 with
 * `kadastraleAanduiding` (cadastral municipality name, AKR code, section, number),
 * `kadastraleGrootte/waarde` (m²), `begrenzingPerceel` (the outline) and `historie`. The same
 * element names (`t:waarde`, `t:code`) recur under several parents, so values are read by path.
 */

/** Paths (local names below `Perceel`) of the values kept. */
const WANTED: Record<string, 'gemeenteNaam' | 'akr' | 'sectie' | 'nummer' | 'grootte' | 'begin'> = {
  'kadastraleAanduiding/TypeKadastraleAanduiding/kadastraleGemeente/KadastraleGemeente/waarde': 'gemeenteNaam',
  'kadastraleAanduiding/TypeKadastraleAanduiding/aKRKadastraleGemeenteCode/AKRKadastraleGemeenteCode/waarde': 'akr',
  'kadastraleAanduiding/TypeKadastraleAanduiding/sectie': 'sectie',
  'kadastraleAanduiding/TypeKadastraleAanduiding/perceelnummer': 'nummer',
  'kadastraleGrootte/TypeOppervlak/waarde': 'grootte',
  'historie/beginGeldigheid': 'begin',
};

class DkkParcelReader extends GmlFeatureReader<StoredParcel> {
  private values: Partial<Record<(typeof WANTED)[string], string>> | null = null;
  private path: string[] = [];

  constructor(emit: (parcel: StoredParcel) => void) {
    super(new Set(['begrenzingPerceel']), emit);
  }

  protected readingText(): boolean {
    return this.values !== null;
  }

  protected open(local: string, attributes: Record<string, string>): void {
    if (local === 'Perceel' && !this.values) {
      this.values = {};
      this.path = [];
      this.geometry.reset();
      return;
    }
    if (!this.values || this.geometry.open(local, attributes.srsName)) return;
    this.path.push(local);
    this.text = '';
  }

  protected close(local: string): void {
    if (!this.values || this.geometry.close(local)) return;
    if (local === 'Perceel' && this.path.length === 0) {
      this.finish(this.values);
      this.values = null;
      return;
    }
    const key = WANTED[this.path.join('/')];
    if (key) this.values[key] = this.text.trim();
    this.path.pop();
    this.text = '';
  }

  private finish(values: NonNullable<DkkParcelReader['values']>): void {
    const ref = dutchReference(values.akr ?? '', values.sectie ?? '', values.nummer ?? '');
    if (!ref) throw new Error(`A Perceel without a readable kadastrale aanduiding (${[values.akr, values.sectie, values.nummer].join(' ')}).`);
    const geometry = this.outline(ref, 'begrenzingPerceel polygon');
    const grootte = Number(values.grootte);
    const begin = values.begin?.slice(0, 10);
    this.emit({
      ref,
      country: 'NL',
      geometry,
      centroid: centroid(geometry),
      areaM2: parcelAreaM2(grootte, geometry),
      municipio: values.gemeenteNaam || undefined,
      source: 'bulk',
      dataDate: isIsoDay(begin) ? begin : todayIso(),
    });
  }
}

export function streamDkkParcels(input: TextInput, sink: (parcels: StoredParcel[], progress: TextChunk) => void): Promise<number> {
  return streamSaxRecords(input, (emit) => new DkkParcelReader(emit).sax, sink);
}
