import { todayIso, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { fetchText } from '../national/fetch-text.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { BRK_SOURCE, parcelContaining, parsePerceelAnswer, perceelAtUrl, perceelByReferenceUrl } from './brk-ogc.js';
import type { NlSourcesConfig } from './country.js';
import { LOCATIESERVER_SOURCE, freeUrl } from './locatieserver.js';

const GEOJSON = 'application/geo+json, application/json';

export class NetherlandsLiveSource implements LiveParcelSource {
  constructor(readonly sources: NlSourcesConfig) {}

  /** Status page: parcels at a point, and one address. */
  statusChecks(near: LonLat): SourceCheck[] {
    return [
      { source: BRK_SOURCE, url: perceelAtUrl(this.sources, near), accept: GEOJSON },
      { source: LOCATIESERVER_SOURCE, url: freeUrl(this.sources, 'Utrecht', 1), accept: 'application/json' },
    ];
  }

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parcels = parsePerceelAnswer(await fetchText(perceelByReferenceUrl(this.sources, ref), BRK_SOURCE, ctx, GEOJSON), todayIso());
    return parcels.find((p) => p.ref === ref);
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return parcelContaining(parsePerceelAnswer(await fetchText(perceelAtUrl(this.sources, point), BRK_SOURCE, ctx, GEOJSON), todayIso()), point);
  }
}
