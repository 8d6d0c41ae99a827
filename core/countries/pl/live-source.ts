import { fromWgs84 } from '../../geo/crs.js';
import { todayIso, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../store/types.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { fetchText } from '../national/fetch-text.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import type { PlSourcesConfig } from './config.js';
import { ULDK_RESULT_FIELDS, ULDK_SEARCH_FIELDS, ULDK_SOURCE, parcelFromRecord, parseUldkAnswer, uldkUrl } from './uldk.js';

export class PolandLiveSource implements LiveParcelSource {
  constructor(readonly sources: PlSourcesConfig) {}

  private async ask(request: Parameters<typeof uldkUrl>[1], value: string, fields: readonly (typeof ULDK_RESULT_FIELDS)[number][], ctx: AdapterContext): Promise<StoredParcel[]> {
    const url = uldkUrl(this.sources.uldkUrl, request, value, fields);
    const parsed = parseUldkAnswer(await fetchText(url, ULDK_SOURCE, ctx, 'text/plain'), fields);
    return parsed.kind === 'none' ? [] : parsed.records.map((r) => parcelFromRecord(r, todayIso()));
  }

  /** Status page: GetParcelByXY at a point, as a lookup by point asks it. */
  statusChecks(near: LonLat): SourceCheck[] {
    const [x, y] = fromWgs84(2180, near[0], near[1]).map((v) => v.toFixed(2));
    return [{ source: ULDK_SOURCE, url: uldkUrl(this.sources.uldkUrl, 'GetParcelByXY', `${x},${y},2180`, ULDK_RESULT_FIELDS), accept: 'text/plain' }];
  }

  async byReference(id: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return (await this.ask('GetParcelById', id, ULDK_RESULT_FIELDS, ctx)).find((p) => p.ref === id);
  }

  /** The point in EPSG:2180 (x = easting), to the centimetre, with its SRID as the third value. */
  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const [x, y] = fromWgs84(2180, point[0], point[1]).map((v) => v.toFixed(2));
    return (await this.ask('GetParcelByXY', `${x},${y},2180`, ULDK_RESULT_FIELDS, ctx))[0];
  }

  /** `GetParcelByIdOrNr`: every parcel of that id or number (several when a number repeats across precincts). */
  byIdOrNumber(text: string, ctx: AdapterContext): Promise<StoredParcel[]> {
    return this.ask('GetParcelByIdOrNr', text, ULDK_SEARCH_FIELDS, ctx);
  }
}
