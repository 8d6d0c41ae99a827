import { fromWgs84 } from '../../geo/crs.js';
import type { LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { urnOf } from '../inspire/wfs-request.js';
import { fetchText } from '../national/fetch-text.js';
import { numberOf } from '../national/geojson-source.js';
import { GmlParcelSource } from '../national/gml-features.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { withQuery } from '../national/sources-config.js';
import { ADRESSER_SOURCE, addressSearchUrl, addressesOfPropertyUrl, parseAdresser } from './adresser.js';
import { referenceOfNumbers, splitNorwegianReference } from './reference.js';

const TEIG_SOURCE = 'Kartverket Matrikkelen WFS';
const JSON_ACCEPT = 'application/json';

/** A box of `metres` around a point in EPSG:25833 (easting first). */
function boxAround([lon, lat]: LonLat, metres: number): string {
  const [x, y] = fromWgs84(25833, lon, lat);
  return [x - metres, y - metres, x + metres, y + metres].map((v) => v.toFixed(2)).join(',') + `,${urnOf(25833)}`;
}

/**
 * Norway's parcels (teiger) from Kartverket's eiendomskart WFS (SOURCES.md 15: `app:Teig`, not
 * INSPIRE, EPSG:25833), read by the national-schema GML reader: the matrikkelnummer from the
 * teig's kommunenummer, gardsnummer, bruksnummer, festenummer, the area from
 * lagretBeregnetAreal when present (else computed). By reference: the WFS's attribute filter
 * needs the `app` namespace, not known here (UNCERTAIN), so the property is found through the
 * address register (its addresses carry the matrikkelnummer) and its teig asked at their point:
 * a property without an address answers 404 saying so.
 */
export class NorwayLiveSource implements LiveParcelSource {
  readonly teig: GmlParcelSource;

  constructor(private readonly sources: { teigWfsUrl: string; adresserUrl: string }) {
    const getFeature = (extra: Record<string, string>) =>
      withQuery(
        sources.teigWfsUrl,
        new URLSearchParams({
          SERVICE: 'WFS',
          VERSION: '2.0.0',
          REQUEST: 'GetFeature',
          TYPENAMES: 'app:Teig',
          SRSNAME: urnOf(25833),
          ...extra,
        }),
      );
    this.teig = new GmlParcelSource({
      country: 'NO',
      source: TEIG_SOURCE,
      featureNames: new Set(['Teig']),
      srsName: urnOf(25833),
      referenceOf: (v) => referenceOfNumbers(v.kommunenummer, v.gardsnummer, v.bruksnummer, v.festenummer),
      areaOf: (v) => numberOf(v.lagretBeregnetAreal),
      aroundUrl: (point) => getFeature({ BBOX: boxAround(point, 5), COUNT: '50' }),
    });
  }

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const property = splitNorwegianReference(ref)!;
    const addresses = parseAdresser(await fetchText(addressesOfPropertyUrl(this.sources.adresserUrl, property), ADRESSER_SOURCE, ctx, JSON_ACCEPT));
    for (const address of addresses.filter((a) => a.property === ref)) {
      const parcel = await this.teig.at(address.point, ctx);
      if (parcel?.ref === ref) return parcel;
    }
    return undefined;
  }

  at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return this.teig.at(point, ctx);
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return [
      ...this.teig.statusChecks(near),
      { source: ADRESSER_SOURCE, url: addressSearchUrl(this.sources.adresserUrl, 'Karl Johans gate 1, Oslo', 1), accept: JSON_ACCEPT },
    ];
  }
}
