import { todayIso, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { fetchText } from '../national/fetch-text.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { ULDK_RESULT_FIELDS, ULDK_SEARCH_FIELDS, ULDK_SOURCE, parcelFromRecord, parseUldkAnswer, uldkPointValue, uldkUrl, type UldkField } from './uldk.js';

export class PolandLiveSource implements LiveParcelSource {
  constructor(private readonly sources: { uldkUrl: string }) {}

  private async ask(request: Parameters<typeof uldkUrl>[1], value: string, fields: readonly UldkField[], ctx: AdapterContext): Promise<StoredParcel[]> {
    const url = uldkUrl(this.sources.uldkUrl, request, value, fields);
    const parsed = parseUldkAnswer(await fetchText(url, ULDK_SOURCE, ctx, 'text/plain'), fields);
    return parsed.kind === 'none' ? [] : parsed.records.map((r) => parcelFromRecord(r, todayIso()));
  }

  /** Status page: GetParcelByXY at a point, as a lookup by point asks it. */
  statusChecks(near: LonLat): SourceCheck[] {
    return [{ source: ULDK_SOURCE, url: uldkUrl(this.sources.uldkUrl, 'GetParcelByXY', uldkPointValue(near), ULDK_RESULT_FIELDS), accept: 'text/plain' }];
  }

  async byReference(id: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return (await this.ask('GetParcelById', id, ULDK_RESULT_FIELDS, ctx)).find((p) => p.ref === id);
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return (await this.ask('GetParcelByXY', uldkPointValue(point), ULDK_RESULT_FIELDS, ctx))[0];
  }

  /** `GetParcelByIdOrNr`: every parcel of that precinct name and number (several when a number repeats across precincts). */
  byName(text: string, ctx: AdapterContext): Promise<StoredParcel[]> {
    return this.ask('GetParcelByIdOrNr', text, ULDK_SEARCH_FIELDS, ctx);
  }
}
