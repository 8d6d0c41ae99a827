import { candidatesRequestOf } from '../../address/candidates-input.js';
import { fromWgs84 } from '../../geo/crs.js';
import type { AddressCandidatesResult, AddressQuery, LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../store/types.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { urnOf } from '../inspire/wfs-request.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import { numberOf } from '../national/geojson-source.js';
import { GmlParcelSource } from '../national/gml-features.js';
import { NationalAdapter, type LiveParcelSource } from '../national/national-adapter.js';
import { resolveSources, withQuery } from '../national/sources-config.js';
import { ADRESSER_SOURCE, addressSearchUrl, addressesOfPropertyUrl, parseAdresser } from './adresser.js';
import { NO_REFERENCE_HINT, NO_REFERENCE_SHAPE, parseNorwegianReference, referenceOfNumbers, splitNorwegianReference } from './reference.js';

export interface NoSourcesConfig {
  /** Kartverket's Matrikkelen eiendomskart WFS (`app:Teig`). */
  teigWfsUrl: string;
  /** Kartverket's address register API. */
  adresserUrl: string;
}

export const DEFAULT_NO_SOURCES: NoSourcesConfig = {
  teigWfsUrl: 'https://wfs.geonorge.no/skwms1/wfs.matrikkelen-eiendomskart-teig',
  adresserUrl: 'https://ws.geonorge.no/adresser/v1',
};
export const NO_SOURCES_ENV: Record<keyof NoSourcesConfig, string> = { teigWfsUrl: 'CATASTRO_NO_TEIG_WFS_URL', adresserUrl: 'CATASTRO_NO_ADRESSER_URL' };

export const NO_CADASTRE_ATTRIBUTION = 'Kartverket – Matrikkelen (eiendomskart teig, adresser), CC BY 4.0';

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
class NorwayLiveSource implements LiveParcelSource {
  readonly teig: GmlParcelSource;

  constructor(private readonly sources: NoSourcesConfig) {
    const getFeature = (extra: Record<string, string>) => withQuery(sources.teigWfsUrl, new URLSearchParams({
      SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'app:Teig', SRSNAME: urnOf(25833), ...extra,
    }));
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

  addresses(text: string, limit: number, ctx: AdapterContext) {
    return fetchText(addressSearchUrl(this.sources.adresserUrl, text, limit), ADRESSER_SOURCE, ctx, JSON_ACCEPT).then(parseAdresser);
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return [...this.teig.statusChecks(near), { source: ADRESSER_SOURCE, url: addressSearchUrl(this.sources.adresserUrl, 'Karl Johans gate 1, Oslo', 1), accept: JSON_ACCEPT }];
  }
}

export class NorwayAdapter extends NationalAdapter {
  private readonly live: NorwayLiveSource;

  constructor(config?: CountrySources) {
    const live = new NorwayLiveSource(resolveSources(DEFAULT_NO_SOURCES, config));
    super({
      code: 'NO',
      name: 'Norway',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [4.5, 57.9, 31.2, 71.3],
      outlineId: '578',
      statusPoint: [10.7389, 59.9133],
      attribution: NO_CADASTRE_ATTRIBUTION,
      referenceHint: `${NO_REFERENCE_HINT} Properties are found by reference through their addresses in the address register.`,
      parseReference: parseNorwegianReference,
      referenceShape: NO_REFERENCE_SHAPE,
      live,
    });
    this.live = live;
  }

  /** The official address register, which links each address to its matrikkelenhet. */
  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const request = candidatesRequestOf(query);
    const found = await this.live.addresses(request.address.texto, Math.max(request.limit * 2, 10), ctx);
    const geocoded = found.map((a) => ({
      direccion: a.text, point: a.point, numero: a.number, municipio: a.municipality ?? a.postTown, postcode: a.postcode, score: 1,
      ...(a.property && { linkedParcel: a.property }),
    }));
    return nationalAddressCandidates(this, request, geocoded, 'Kartverket adresse-API (Matrikkelen)', ctx);
  }
}

