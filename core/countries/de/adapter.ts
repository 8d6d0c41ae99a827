import { candidatesRequestOf } from '../../address/candidates-input.js';
import { fold } from '../../address/normalize.js';
import { noCoverage, type AddressCandidatesResult, type AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { NationalAdapter } from '../national/national-adapter.js';
import {
  DEFAULT_NOMINATIM_URL, NOMINATIM_ATTRIBUTION, fetchNominatim, geocodedFromPlace, nominatimSearchUrl, nominatimStatusCheck, parseNominatimPlaces,
} from '../national/nominatim.js';
import { BAVARIA_REASON, LANDER } from './lander.js';
import { GermanyLiveSource, landEnv, landOption } from './live-source.js';
import { DE_REFERENCE_HINT, DE_REFERENCE_SHAPE, isDetectedGermanReference, parseGermanReference } from './reference.js';

/** Option name → environment variable: one per Land's service, and the geocoder. */
export const DE_SOURCES_ENV: Record<string, string> = {
  ...Object.fromEntries(LANDER.filter((l) => l.service).map((l) => [landOption(l), landEnv(l)])),
  geocoderUrl: 'CATASTRO_DE_GEOCODER_URL',
};

export const DE_CADASTRE_ATTRIBUTION =
  'Liegenschaftskataster (ALKIS) der Länder, © Vermessungsverwaltungen der Länder – Datenlizenz Deutschland (Zero / Namensnennung 2.0) bzw. CC BY 4.0 je Land';

/**
 * Germany (spec: 15 of 16 Länder, no Bavaria; Flurstückskennzeichen; municipality and Land):
 * each Land's own parcel service (lander.ts, live-source.ts), address search through the open
 * geocoder (Germany has no free national address register), never in Bavaria.
 */
export class GermanyAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;

  constructor(config: CountrySources = {}) {
    const urls = Object.fromEntries(Object.entries(config).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '').map(([k, v]) => [k, v.replace(/\/+$/, '')]));
    super({
      code: 'DE',
      name: 'Germany',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: true },
      coverageNotes: { byAddress: 'Not in Bavaria.' },
      bounds: [5.86, 47.27, 15.05, 55.06],
      outlineId: '276',
      statusPoint: [9.7320, 52.3759],
      attribution: DE_CADASTRE_ATTRIBUTION,
      referenceHint: DE_REFERENCE_HINT,
      parseReference: (raw) => parseGermanReference(raw),
      referenceShape: DE_REFERENCE_SHAPE,
      live: new GermanyLiveSource(urls),
    });
    this.geocoderUrl = urls.geocoderUrl ?? DEFAULT_NOMINATIM_URL;
  }

  /** Detection: the 20-character Kennzeichen, the written form and 14 bare digits (other stripped forms need ?country=DE). */
  override matchesReference(ref: string): boolean {
    return isDetectedGermanReference(ref);
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Berlin')];
  }

  /** Addresses in Bavaria are left out (no parcel service there); only Bavarian ones: 422 with the reason. */
  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const request = candidatesRequestOf(query);
    const url = nominatimSearchUrl(this.geocoderUrl, request.address.texto, 'de', Math.max(request.limit * 2, 10));
    const places = parseNominatimPlaces(await fetchNominatim(url, ctx));
    const outside = places.filter((p) => fold(p.region ?? '') !== 'BAYERN');
    if (places.length > 0 && outside.length === 0) throw noCoverage(`Address search in Germany covers 15 of the 16 Länder. ${BAVARIA_REASON}`);
    return nationalAddressCandidates(this, request, outside.map((p) => geocodedFromPlace(p, request.address.calle)), NOMINATIM_ATTRIBUTION, ctx);
  }
}
