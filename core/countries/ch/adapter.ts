import { candidatesRequestOf } from '../../address/candidates-input.js';
import { noCoverage, type AddressCandidatesResult, type AddressQuery, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../store/types.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import { GeoJsonParcelSource, textOf } from '../national/geojson-source.js';
import { NationalAdapter, type LiveParcelSource } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { CANTON_LAYER, PARCEL_LAYER, addressSearchUrl, findUrl, identifyUrl, parseSwissAddresses, resultsOf } from './geo-admin.js';
import { CH_REFERENCE_HINT, CH_REFERENCE_SHAPE, parseSwissReference } from './reference.js';
import { jsonObject } from '../national/answer-fields.js';

export interface ChSourcesConfig {
  /** geo.admin.ch REST `MapServer` (find, identify). */
  mapServerUrl: string;
  /** geo.admin.ch `SearchServer` (the federal building address directory). */
  searchServerUrl: string;
}

export const DEFAULT_CH_SOURCES: ChSourcesConfig = {
  mapServerUrl: 'https://api3.geo.admin.ch/rest/services/api/MapServer',
  searchServerUrl: 'https://api3.geo.admin.ch/rest/services/api/SearchServer',
};
export const CH_SOURCES_ENV: Record<keyof ChSourcesConfig, string> = { mapServerUrl: 'CATASTRO_CH_MAPSERVER_URL', searchServerUrl: 'CATASTRO_CH_SEARCHSERVER_URL' };

export const CH_CADASTRE_ATTRIBUTION = 'Amtliche Vermessung der Kantone, via geo.admin.ch (swisstopo; FSDI terms of use)';

const SOURCE = 'geo.admin.ch';
const JSON_ACCEPT = 'application/json';

/**
 * Switzerland: the cantons' parcels as the federal cadastral web map serves them (SOURCES.md 15):
 * by EGRID with `find` on `egris_egrid`, at a point with `identify`; the canton (`ak`) is the
 * coverage table's extra. A point on no parcel is asked which canton it lies in; when that canton
 * publishes no parcels at all (the layer has none with its `ak`), the answer is the spec's 422
 * naming the canton, otherwise a 404 (a road, a lake).
 */
class SwitzerlandLiveSource implements LiveParcelSource {
  readonly parcels: GeoJsonParcelSource;
  private readonly cantonsWithParcels = new Map<string, boolean>();

  constructor(private readonly sources: ChSourcesConfig) {
    this.parcels = new GeoJsonParcelSource({
      country: 'CH',
      source: SOURCE,
      featuresOf: (answer) => (Array.isArray(jsonObject(answer).results) ? jsonObject(answer).results as unknown[] : undefined),
      referenceOf: (p) => parseSwissReference(textOf(p.egris_egrid) ?? ''),
      factsOf: (p) => ({ provincia: textOf(p.ak) }),
      byReferenceUrl: (ref) => findUrl(sources.mapServerUrl, PARCEL_LAYER, 'egris_egrid', ref, true),
      aroundUrl: (point) => identifyUrl(sources.mapServerUrl, PARCEL_LAYER, point, true),
    });
  }

  byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return this.parcels.byReference(ref, ctx);
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parcel = await this.parcels.at(point, ctx);
    if (parcel) return parcel;
    const canton = await this.cantonAt(point, ctx);
    if (canton && !(await this.publishesParcels(canton.code, ctx))) {
      throw noCoverage(`The canton of ${canton.name} (${canton.code}) publishes no cadastral parcels through the federal cadastral web map: Swiss coverage by coordinates excludes it.`);
    }
    return undefined;
  }

  private async cantonAt(point: LonLat, ctx: AdapterContext): Promise<{ code: string; name: string } | undefined> {
    const results = resultsOf(await fetchText(identifyUrl(this.sources.mapServerUrl, CANTON_LAYER, point, false), SOURCE, ctx, JSON_ACCEPT), SOURCE);
    const values = jsonObject(results[0]?.properties ?? results[0]?.attributes);
    const code = textOf(values.ak);
    return code ? { code, name: textOf(values.name) ?? code } : undefined;
  }

  private async publishesParcels(canton: string, ctx: AdapterContext): Promise<boolean> {
    const known = this.cantonsWithParcels.get(canton);
    if (known !== undefined) return known;
    const results = resultsOf(await fetchText(findUrl(this.sources.mapServerUrl, PARCEL_LAYER, 'ak', canton, false), SOURCE, ctx, JSON_ACCEPT), SOURCE);
    this.cantonsWithParcels.set(canton, results.length > 0);
    return results.length > 0;
  }

  addresses(text: string, limit: number, ctx: AdapterContext) {
    return fetchText(addressSearchUrl(this.sources.searchServerUrl, text, limit), SOURCE, ctx, JSON_ACCEPT).then((body) => parseSwissAddresses(body, SOURCE));
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return this.parcels.statusChecks(near);
  }
}

export class SwitzerlandAdapter extends NationalAdapter {
  private readonly live: SwitzerlandLiveSource;

  constructor(config?: CountrySources) {
    const live = new SwitzerlandLiveSource(resolveSources(DEFAULT_CH_SOURCES, config));
    super({
      code: 'CH',
      name: 'Switzerland',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      coverageNotes: { byCoordinates: 'Except cantons that publish no parcels.' },
      bounds: [5.95, 45.81, 10.5, 47.81],
      outlineId: '756',
      statusPoint: [7.4440, 46.9466],
      attribution: CH_CADASTRE_ATTRIBUTION,
      referenceHint: CH_REFERENCE_HINT,
      parseReference: parseSwissReference,
      referenceShape: CH_REFERENCE_SHAPE,
      live,
    });
    this.live = live;
  }

  /** The federal building address directory (official, free), each address's parcel the one under its point. */
  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const request = candidatesRequestOf(query);
    const found = await this.live.addresses(request.address.texto, Math.max(request.limit * 2, 10), ctx);
    const geocoded = found.map((a) => ({
      direccion: a.label, point: a.point, numero: a.number, municipio: a.town, provincia: a.canton, postcode: a.postcode, score: 1,
    }));
    return nationalAddressCandidates(this, request, geocoded, 'geo.admin.ch SearchServer (Amtliches Gebäudeadressverzeichnis)', ctx);
  }
}
