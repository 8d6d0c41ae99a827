import { containsPoint } from '../../geo/polygon.js';
import { isServiceError, noCoverage, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import type { KatasterserviceSource } from './katasterservice.js';

export const AT_NO_REFERENCE =
  "Austrian parcels are not looked up by their number: BEV publishes no documented service that finds a parcel by Katastralgemeinde and Grundstücksnummer (its Kataster viewer's API is undocumented, and no answer of it could be checked). Look the parcel up by coordinates or address; it is then kept and answers by reference. Set CATASTRO_AT_KATASTER_URL to BEV's Katasterservice to use it anyway.";

/**
 * Austria's live channels: by point BEV's DKM WMS (KG and GNR), else, when it fails, BEV's INSPIRE
 * CP WMS (an inspireId only). BEV's Katasterservice (by reference, and the official area, use,
 * state and municipality of a parcel found by point) only where the user names it
 * (CATASTRO_AT_KATASTER_URL): it is undocumented and no answer of it was ever recorded
 * (docs/coverage.md), so by default a lookup by reference answers 422 with AT_NO_REFERENCE and a
 * point the WMS parcel alone. Where it is named, a parcel found by point is asked of it too (as FR
 * adds its address and buildings): when its record's outline contains the point, that record is
 * the answer, the same one a lookup by reference stores; otherwise, or when it fails, the WMS
 * parcel answers without them.
 */
export class AustriaLiveSource implements LiveParcelSource {
  constructor(
    /** Asked in order: the next one only when the one before fails (a 503), not when it finds nothing. */
    private readonly wms: readonly LiveParcelSource[],
    private readonly kataster: Pick<KatasterserviceSource, 'byReference' | 'statusCheck'> | undefined,
  ) {}

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    if (!this.kataster) throw noCoverage(AT_NO_REFERENCE);
    return this.kataster.byReference(ref, ctx);
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const found = await this.wmsAt(point, ctx);
    if (!found || !this.kataster) return found;
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
    return [...this.wms.flatMap((wms) => wms.statusChecks?.(near) ?? []), ...(this.kataster ? [this.kataster.statusCheck()] : [])];
  }
}
