import { containsPoint } from '../../geo/polygon.js';
import { noCoverage, todayIso, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { fetchText } from '../national/fetch-text.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import type { InspireWfsProfile } from './profile.js';
import { parseInspireAnswer } from './wfs-answer.js';
import { parcelByReferenceUrl, parcelsAroundUrl } from './wfs-request.js';

const XML = 'application/gml+xml, application/xml, text/xml';

/** A live source speaking a profile's INSPIRE CP WFS at a configured URL. */
export class InspireWfsSource implements LiveParcelSource {
  constructor(
    private readonly url: string,
    readonly profile: InspireWfsProfile,
    private readonly bboxOnlyHint: string,
  ) {}

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const url = parcelByReferenceUrl(this.url, this.profile, ref);
    if (!url) throw noCoverage(this.bboxOnlyHint);
    const parcels = parseInspireAnswer(await fetchText(url, this.profile.source, ctx, XML), this.profile, todayIso());
    return parcels.find((p) => p.ref === ref);
  }

  /** Status page: the same small-box GetFeature as a lookup by point. */
  statusChecks(near: LonLat): SourceCheck[] {
    return [{ source: this.profile.source, url: parcelsAroundUrl(this.url, this.profile, near), accept: XML }];
  }

  /** The parcels in a small box around the point (the only filter every such service honours), then the one containing it. */
  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parcels = parseInspireAnswer(
      await fetchText(parcelsAroundUrl(this.url, this.profile, point), this.profile.source, ctx, XML),
      this.profile,
      todayIso(),
    );
    return parcels.find((p) => containsPoint(p.geometry, point));
  }
}
