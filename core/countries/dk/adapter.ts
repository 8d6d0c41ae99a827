import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { ParsedAddress } from '../../address/query.js';
import { isServiceError, todayIso, unavailable, type AddressCandidatesResult, type AddressQuery, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { nationalAddressCandidates, type GeocodedAddress } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import { NationalAdapter, type LiveParcelSource } from '../national/national-adapter.js';
import {
  DK_CADASTRE_ATTRIBUTION,
  DK_CREDENTIALS_HINT,
  DK_SOURCES_ENV,
  DK_UNCONFIGURED_REASON,
  datafordelerApiKey,
  dawaFallbackUrl,
  resolveDkSources,
  type DkSourcesConfig,
} from './config.js';
import { DAR_ATTRIBUTION, darAddresses } from './dar.js';
import { DATAFORDELER_SOURCE, datafordelerQueryUrl, matrikelJordstykke, matrikelJordstykkeAt } from './datafordeler.js';
import { DAWA_SOURCE, addressSearchUrl, jordstykkeAtUrl, jordstykkeUrl, parseDawaAddresses, parseJordstykke } from './dawa.js';
import { DK_REFERENCE_HINT, DK_REFERENCE_SHAPE, isDetectedDanishReference, parseDanishReference } from './reference.js';

const GEOJSON = 'application/geo+json, application/json';
/** The status page's cheap query: any one ejerlav. */
const STATUS_QUERY = '{ MAT_Ejerlav(first: 1) { nodes { ejerlavskode } } }';

/**
 * Denmark's live sources. With a Datafordeler API key everything comes from Datafordeler's
 * GraphQL: parcels by reference from Matriklen (MAT_Ejerlav, MAT_Jordstykke), by point through
 * MAT_Lodflade's spatial filter, addresses from DAR (dar.ts). DAWA closed on 17 August 2026
 * (danadresse.dk), so it is only a fallback without a key, and only where CATASTRO_DK_DAWA_URL
 * names a service still speaking DAWA's API; with neither, the 503 says what to configure.
 */
class DenmarkLiveSource implements LiveParcelSource {
  constructor(
    private readonly sources: DkSourcesConfig,
    private readonly apiKey: string | undefined,
    private readonly dawaUrl: string | undefined,
  ) {}

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    if (this.apiKey) return withRegister(await matrikelJordstykke(this.sources.datafordelerUrl, this.apiKey, ref, ctx, todayIso()), ctx);
    const dawa = this.dawaFallback('parcels');
    return keyless(async () => withRegister(parseJordstykke(await fetchJordstykke(jordstykkeUrl(dawa, ref), ctx), todayIso()), ctx));
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    if (this.apiKey) return withRegister(await matrikelJordstykkeAt(this.sources.datafordelerUrl, this.apiKey, point, ctx, todayIso()), ctx);
    const dawa = this.dawaFallback('parcels by point');
    return keyless(async () => withRegister(parseJordstykke(await fetchJordstykke(jordstykkeAtUrl(dawa, point), ctx), todayIso()), ctx));
  }

  /**
   * Status page: with a key, one cheap Matriklen query (the URL carries the key; the monitor shows
   * neither URLs nor upstream texts); without one, the DAWA fallback when configured, else no
   * request at all: Datafordeler shows as down because no key is configured, and says so, as
   * every Danish lookup answers 503 until one is.
   */
  statusChecks(near: LonLat): SourceCheck[] {
    if (!this.apiKey && this.dawaUrl) return [{ source: DAWA_SOURCE, url: jordstykkeAtUrl(this.dawaUrl, near), accept: GEOJSON }];
    const check: SourceCheck = {
      source: DATAFORDELER_SOURCE,
      url: datafordelerQueryUrl(this.sources.datafordelerUrl, this.apiKey ?? '', STATUS_QUERY, {}),
      accept: 'application/json',
    };
    return [this.apiKey ? check : { ...check, unconfigured: DK_UNCONFIGURED_REASON }];
  }

  /** Addresses as geocoded, and whose register placed them (for the answer's attribution). */
  async addresses(address: ParsedAddress, limit: number, ctx: AdapterContext): Promise<{ found: GeocodedAddress[]; attribution: string }> {
    if (this.apiKey) return { found: await darAddresses(this.sources.datafordelerUrl, this.apiKey, address, limit, ctx), attribution: DAR_ATTRIBUTION };
    const dawa = this.dawaFallback('address search');
    const found = await keyless(async () =>
      parseDawaAddresses(await fetchText(addressSearchUrl(dawa, address.texto, Math.max(limit * 2, 10)), DAWA_SOURCE, ctx, 'application/json')),
    );
    return {
      found: found.map((a) => ({
        direccion: a.betegnelse,
        point: a.point,
        numero: a.husnr,
        municipio: a.kommune,
        provincia: a.region,
        postcode: a.postnr,
        score: 1,
        linkedParcel: a.parcel,
      })),
      attribution: DAWA_SOURCE,
    };
  }

  /** The configured DAWA-compatible service, or the 503 saying that the API key is what is missing. */
  private dawaFallback(what: string): string {
    if (this.dawaUrl) return this.dawaUrl;
    throw unavailable(
      `Danish ${what} need Datafordeler and no Datafordeler API key is configured. ${DK_CREDENTIALS_HINT} (DAWA closed on 17 August 2026; only a service speaking DAWA's API, set in ${DK_SOURCES_ENV.dawaUrl}, can stand in.)`,
    );
  }
}

/** The keyless fallback: a DAWA that does not answer is a 503 that also says how to reach Datafordeler instead. */
async function keyless<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (!isServiceError(error) || error.code !== 'SERVICE_UNAVAILABLE') throw error;
    throw unavailable(
      `${error.message} No Datafordeler API key is configured, so Danish parcels and addresses are read from the DAWA-compatible service in ${DK_SOURCES_ENV.dawaUrl}; ${DK_CREDENTIALS_HINT}`,
    );
  }
}

/** The registered area of an imported MAT download wins over DAWA's (the register is Matriklen itself). */
async function withRegister(parcel: StoredParcel | undefined, ctx: AdapterContext): Promise<StoredParcel | undefined> {
  // The register is a table of the embedded copy; a team database does not hold it yet.
  const registered = parcel && (await ctx.store.getRegisterParcel?.('DK', parcel.ref));
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
 * Denmark: jordstykker (parcels) from Matriklen and addresses from DAR on Datafordeler's GraphQL
 * with the configured API key (datafordeler.ts, dar.ts), else from a DAWA-compatible service;
 * both registers link each address to its jordstykke. Matriklen's own download (MAT, Datafordeler) carries no geometry:
 * see mat-json.ts for what its import keeps.
 */
export class DenmarkAdapter extends NationalAdapter {
  private readonly live: DenmarkLiveSource;

  constructor(config?: CountrySources) {
    const live = new DenmarkLiveSource(resolveDkSources(config), datafordelerApiKey(config), dawaFallbackUrl(config));
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
      referenceShape: DK_REFERENCE_SHAPE,
      live,
    });
    this.live = live;
  }

  /** Detection: a 7-digit landsejerlavkode, or a shorter one with a lettered matrikelnummer (reference.ts). */
  override matchesReference(ref: string): boolean {
    return isDetectedDanishReference(ref);
  }

  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const request = candidatesRequestOf(query);
    const { found, attribution } = await this.live.addresses(request.address, request.limit, ctx);
    return nationalAddressCandidates(this, request, found, attribution, ctx);
  }
}
