import { isServiceError, todayIso, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { fetchText } from '../national/fetch-text.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { APICARTO_SOURCE, parcelContaining, parcelleAtUrl, parcelleByIdUrl, parseParcelleAnswer } from './apicarto.js';
import { GEOCODER_SOURCE, banReverseUrl, banSearchUrl, parseBanAnswer, type BanAnswer } from './geocodage.js';
import { BDTOPO_SOURCE, batimentsUrl, parseBatiments } from './bdtopo.js';
import type { FrSourcesConfig } from './config.js';

const getText = (url: string, source: string, ctx: AdapterContext) => fetchText(url, source, ctx, 'application/json');

/** France's live services: IGN API Carto for parcels, the BAN for addresses. */
export class FranceLiveSource implements LiveParcelSource {
  constructor(readonly sources: FrSourcesConfig) {}

  /** Status page: the parcel and the nearest address at a point, as a lookup by point asks them. */
  statusChecks(near: LonLat): SourceCheck[] {
    return [
      { source: APICARTO_SOURCE, url: parcelleAtUrl(this.sources, near), accept: 'application/json' },
      { source: GEOCODER_SOURCE, url: banReverseUrl(this.sources, near), accept: 'application/json' },
    ];
  }

  async byReference(idu: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parcels = parseParcelleAnswer(await getText(parcelleByIdUrl(this.sources, idu), APICARTO_SOURCE, ctx), todayIso());
    const parcel = parcels.find((p) => p.ref === idu);
    return parcel && this.withBuildings(await this.withAddress(parcel, ctx), ctx);
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parcels = parseParcelleAnswer(await getText(parcelleAtUrl(this.sources, point), APICARTO_SOURCE, ctx), todayIso());
    const parcel = parcelContaining(parcels, point);
    return parcel && this.withAddress(parcel, ctx);
  }

  search(q: string, options: { limit: number; postcode?: string }, ctx: AdapterContext): Promise<BanAnswer> {
    return getText(banSearchUrl(this.sources, q, options), GEOCODER_SOURCE, ctx).then(parseBanAnswer);
  }

  /**
   * Spec (FR by reference): use, built area, year and dwellings of the parcel's buildings, from BD
   * TOPO. Only an extra: a service that is down leaves them out, and `availableFields` says so.
   */
  private async withBuildings(parcel: StoredParcel, ctx: AdapterContext): Promise<StoredParcel> {
    try {
      return { ...parcel, ...parseBatiments(await getText(batimentsUrl(this.sources.bdtopoWfsUrl, parcel.geometry), BDTOPO_SOURCE, ctx), parcel.geometry) };
    } catch (error) {
      if (isServiceError(error)) return parcel;
      throw error;
    }
  }

  /**
   * The parcel's address (spec: `direccion` for FR by reference): the BAN's nearest address to
   * its centroid. Only an extra: a BAN that is down or knows nothing there leaves it out.
   */
  private async withAddress(parcel: StoredParcel, ctx: AdapterContext): Promise<StoredParcel> {
    try {
      const { addresses } = parseBanAnswer(await getText(banReverseUrl(this.sources, parcel.centroid), GEOCODER_SOURCE, ctx));
      const nearest = addresses[0];
      return nearest ? { ...parcel, direccion: nearest.label, codigoPostal: nearest.postcode } : parcel;
    } catch (error) {
      if (isServiceError(error)) return parcel;
      throw error;
    }
  }
}
