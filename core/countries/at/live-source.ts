import { containsPoint } from '../../geo/polygon.js';
import { isServiceError, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import type { KatasterserviceSource } from './katasterservice.js';

/**
 * Austria's live channels: BEV's Katasterservice by reference; by point BEV's DKM WMS (KG and GNR),
 * else, when it fails, BEV's INSPIRE CP WMS (an inspireId only). The WMS gives an outline and a
 * reference only, so a parcel found by point is asked of the Katasterservice too (as FR adds its address and buildings): when the reference read from the
 * inspireId names a parcel whose outline contains the point, that record (official area, use,
 * state, municipality) is the answer, the same one a lookup by reference stores; otherwise, or
 * when the Katasterservice fails, the WMS parcel answers without them.
 */
export class AustriaLiveSource implements LiveParcelSource {
  constructor(
    /** Asked in order: the next one only when the one before fails (a 503), not when it finds nothing. */
    private readonly wms: readonly LiveParcelSource[],
    private readonly kataster: Pick<KatasterserviceSource, 'byReference' | 'statusCheck'>,
  ) {}

  byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return this.kataster.byReference(ref, ctx);
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const found = await this.wmsAt(point, ctx);
    if (!found) return undefined;
    try {
      const record = await this.kataster.byReference(found.ref, ctx);
      return containsPoint(record.geometry, point) ? record : found;
    } catch (error) {
      if (isServiceError(error)) return found;
      throw error;
    }
  }

  private async wmsAt(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    let failure: unknown;
    for (const wms of this.wms) {
      try {
        return await wms.at(point, ctx);
      } catch (error) {
        if (!isServiceError(error)) throw error;
        failure ??= error;
      }
    }
    throw failure;
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return [...this.wms.flatMap((wms) => wms.statusChecks?.(near) ?? []), this.kataster.statusCheck()];
  }
}
