import { candidatesRequestOf } from '../../address/candidates-input.js';
import { isServiceError, unavailable, type AddressCandidatesResult, type AddressQuery, type LonLat } from '../../model/index.js';
import { ParcelStore } from '../../store/parcel-store.js';
import type { StoredParcel } from '../../store/types.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import { NationalAdapter, type LiveParcelSource } from '../national/national-adapter.js';
import { DK_CADASTRE_ATTRIBUTION, DK_CREDENTIALS_HINT, DK_SOURCES_ENV, datafordelerApiKey, resolveDkSources, type DkSourcesConfig } from './config.js';
import { matrikelJordstykke } from './datafordeler.js';
import { DAWA_SOURCE, addressSearchUrl, jordstykkeAtUrl, jordstykkeUrl, parseDawaAddresses, parseJordstykke } from './dawa.js';
import { DK_REFERENCE_HINT, parseDanishReference } from './reference.js';

const today = () => new Date().toISOString().slice(0, 10);
const GEOJSON = 'application/geo+json, application/json';

/**
 * Parcels from Matriklen through Datafordeler's GraphQL when an API key is configured; otherwise
 * from DAWA's jordstykker, keyless (DAWA closed on 17 August 2026, per danadresse.dk: the fallback
 * answers only where CATASTRO_DK_DAWA_URL names a service still speaking DAWA's API), and
 * when DAWA does not answer the 503 says how to configure the key. By point: Datafordeler's
 * GraphQL documents no spatial filter, so DAWA's reverse lookup names the jordstykke and, with a
 * key, Matriklen answers it. Addresses from DAWA.
 */
class DenmarkLiveSource implements LiveParcelSource {
  constructor(private readonly sources: DkSourcesConfig, private readonly apiKey: string | undefined) {}

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    if (this.apiKey) return withRegister(await matrikelJordstykke(this.sources.datafordelerUrl, this.apiKey, ref, ctx, today()), ctx);
    return keyless(async () => withRegister(parseJordstykke(await fetchJordstykke(jordstykkeUrl(this.sources.dawaUrl, ref), ctx), today()), ctx));
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const named = await dawaFirst(this.apiKey !== undefined, async () => parseJordstykke(await fetchJordstykke(jordstykkeAtUrl(this.sources.dawaUrl, point), ctx), today()));
    if (!named || !this.apiKey) return withRegister(named, ctx);
    const registered = await matrikelJordstykke(this.sources.datafordelerUrl, this.apiKey, named.ref, ctx, today());
    // Matriklen's outline and area win; DAWA's municipality name stays (MAT answers only its code).
    return withRegister(registered ? { ...registered, municipio: named.municipio } : named, ctx);
    return withRegister(named, ctx);
  }

  /**
   * Status page: DAWA's reverse jordstykke lookup, keyless (addresses always come from DAWA; a
   * Datafordeler check would carry the API key in its URL).
   */
  statusChecks(near: LonLat): SourceCheck[] {
    return [{ source: DAWA_SOURCE, url: jordstykkeAtUrl(this.sources.dawaUrl, near), accept: GEOJSON }];
  }

  addresses(q: string, limit: number, ctx: AdapterContext) {
    return fetchText(addressSearchUrl(this.sources.dawaUrl, q, limit), DAWA_SOURCE, ctx, 'application/json').then(parseDawaAddresses);
  }
}

/** The keyless fallback: a DAWA that does not answer is a 503 that also says how to reach Matriklen instead. */
async function keyless<T>(lookup: () => Promise<T>): Promise<T> {
  return dawaFirst(false, lookup);
}

/**
 * A lookup that needs DAWA (by point: Datafordeler's GraphQL documents no spatial filter). Its 503
 * says what is missing: the API key, or, with one, a DAWA that still answers (DAWA closed on
 * 17 August 2026).
 */
async function dawaFirst<T>(hasKey: boolean, lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (!isServiceError(error) || error.code !== 'SERVICE_UNAVAILABLE') throw error;
    throw unavailable(hasKey
      ? `${error.message} A Danish parcel by point is named by DAWA's reverse lookup (Matriklen's GraphQL has no documented spatial filter), and DAWA closed on 17 August 2026: set ${DK_SOURCES_ENV.dawaUrl} to a service speaking DAWA's API, or look the parcel up by reference.`
      : `${error.message} No Datafordeler API key is configured, so Danish parcels are read from DAWA (keyless, closed on 17 August 2026); ${DK_CREDENTIALS_HINT}`);
  }
}

/** The registered area of an imported MAT download wins over DAWA's (the register is Matriklen itself). */
function withRegister(parcel: StoredParcel | undefined, ctx: AdapterContext): StoredParcel | undefined {
  // The register is a table of the embedded copy; a team database does not hold it yet.
  const registered = parcel && ctx.store instanceof ParcelStore ? ctx.store.getRegisterParcel('DK', parcel.ref) : undefined;
  return parcel && registered?.areaM2 !== undefined ? { ...parcel, areaM2: registered.areaM2 } : parcel;
}

/** DAWA answers an unknown jordstykke with HTTP 404 and a JSON error body: "no such parcel", not an outage. */
async function fetchJordstykke(url: string, ctx: AdapterContext): Promise<string> {
  const answer = await ctx.http.getText(url, { source: DAWA_SOURCE, signal: ctx.signal, accept: GEOJSON });
  if (answer.status === 404) return '{"type":"ResourceNotFoundError"}';
  if (answer.status !== 200) throw unavailable(`${DAWA_SOURCE} answered HTTP ${answer.status}; retry later.`);
  return answer.body;
}

/**
 * Denmark: jordstykker (parcels) from Matriklen on Datafordeler's GraphQL with the configured API
 * key (datafordeler.ts), else from DAWA keyless; addresses from DAWA, whose register links each
 * address to its jordstykke. Matriklen's own download (MAT, Datafordeler) carries no geometry:
 * see mat-json.ts for what its import keeps.
 */
export class DenmarkAdapter extends NationalAdapter {
  private readonly live: DenmarkLiveSource;

  constructor(config?: CountrySources) {
    const live = new DenmarkLiveSource(resolveDkSources(config), datafordelerApiKey(config));
    super({
      code: 'DK',
      name: 'Denmark',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [8.0, 54.5, 15.3, 57.8],
      outlineId: '208',
      statusPoint: [12.5683, 55.6761],
      attribution: DK_CADASTRE_ATTRIBUTION,
      referenceHint: DK_REFERENCE_HINT,
      parseReference: parseDanishReference,
      live,
    });
    this.live = live;
  }

  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const request = candidatesRequestOf(query);
    const found = await this.live.addresses(request.address.texto, Math.max(request.limit * 2, 10), ctx);
    const geocoded = found.map((a) => ({
      direccion: a.betegnelse, point: a.point, numero: a.husnr, municipio: a.kommune, provincia: a.region,
      postcode: a.postnr, score: 1, linkedParcel: a.parcel,
    }));
    return nationalAddressCandidates(this, request, geocoded, 'DAWA (Dataforsyningen)', ctx);
  }
}
