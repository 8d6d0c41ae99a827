import { containsPoint } from '../../geo/polygon.js';
import { todayIso, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { fetchText } from '../national/fetch-text.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { LU_WFS_SOURCE, parcelByReferenceUrl, parcelsAroundUrl, parseLuParcels } from './cp-geojson.js';
import { LU_GEOCODER_SOURCE, geocodeUrl } from './geoportail.js';

const JSON_ACCEPT = 'application/json';

/** Luxembourg: ACT's INSPIRE CP WFS (GeoJSON) for parcels; the status page also probes geoportail.lu's geocoder (address-search.ts). */
export class LuxembourgLiveSource implements LiveParcelSource {
  constructor(private readonly sources: { cpWfsUrl: string; geocoderUrl: string }) {}

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parcels = parseLuParcels(await fetchText(parcelByReferenceUrl(this.sources.cpWfsUrl, ref), LU_WFS_SOURCE, ctx, JSON_ACCEPT), todayIso());
    return parcels.find((p) => p.ref === ref);
  }

  /** Features come in id order, not spatial order (SOURCES.md 15): the parcel is the one containing the point. */
  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parcels = parseLuParcels(await fetchText(parcelsAroundUrl(this.sources.cpWfsUrl, point), LU_WFS_SOURCE, ctx, JSON_ACCEPT), todayIso());
    return parcels.find((p) => containsPoint(p.geometry, point));
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return [
      { source: LU_WFS_SOURCE, url: parcelsAroundUrl(this.sources.cpWfsUrl, near), accept: JSON_ACCEPT },
      { source: LU_GEOCODER_SOURCE, url: geocodeUrl(this.sources.geocoderUrl, 'Luxembourg'), accept: JSON_ACCEPT },
    ];
  }
}
