import { containsPoint } from '../../geo/polygon.js';
import { noCoverage, todayIso, type CountryCode, type LonLat, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { fetchText } from './fetch-text.js';
import { liveParcel, type ParcelFacts } from './live-parcel.js';
import type { LiveParcelSource } from './national-adapter.js';

/**
 * What a national parcel service's profile says, whatever its answer format: where the reference,
 * the official area and the facts sit in a feature (`Feature` is the format's view of one), and
 * the URLs it is asked with. GeoJSON and GML profiles extend it with their format's details.
 */
export interface ParcelServiceProfile<Feature> {
  country: CountryCode;
  /** Name of the source (its circuit breaker, its status row, error messages). */
  source: string;
  /** The source's own time per attempt when it is known to be slow (UpstreamRequest.timeoutMs). */
  timeoutMs?: number;
  /** The national reference of a feature, canonical, or undefined when it has none. */
  referenceOf(feature: Feature): string | undefined;
  /** The official area in m², when the service gives one. */
  areaOf?(feature: Feature): number | undefined;
  /** Facts the country supplies (coverage table: municipality, Land, canton…). */
  factsOf?(feature: Feature): ParcelFacts;
  /** URL asking one parcel by its canonical reference; undefined when the service cannot (then 422 with the hint). */
  byReferenceUrl?(ref: string): string | undefined;
  /** URL asking the parcels at or around a point. */
  aroundUrl(point: LonLat): string;
}

/**
 * The stored parcel of one feature read by a profile: undefined without a reference or a polygon;
 * the official area when the service gives a positive one, else the polygon's; empty facts dropped.
 */
export function liveParcelOf<Feature>(
  profile: ParcelServiceProfile<Feature>,
  feature: Feature,
  geometry: ParcelGeometry | undefined,
  dataDate = todayIso(),
): StoredParcel | undefined {
  const ref = profile.referenceOf(feature);
  if (!ref || !geometry) return undefined;
  const facts = Object.fromEntries(Object.entries(profile.factsOf?.(feature) ?? {}).filter(([, v]) => v !== undefined && v !== ''));
  return liveParcel(profile.country, ref, geometry, profile.areaOf?.(feature), dataDate, facts);
}

/** How one answer format is asked for and read: the Accept header and the parser of a body into parcels. */
export interface AnswerFormat {
  accept: string;
  parse(body: string): StoredParcel[];
}

/** A live source asking a profiled national service at its configured URLs, in one answer format. */
export class ProfiledParcelSource implements LiveParcelSource {
  constructor(
    private readonly service: Pick<ParcelServiceProfile<never>, 'source' | 'timeoutMs' | 'byReferenceUrl' | 'aroundUrl'>,
    private readonly format: AnswerFormat,
    private readonly byPointOnlyHint = `${service.source} finds parcels by position only.`,
  ) {}

  private async ask(url: string, ctx: AdapterContext): Promise<StoredParcel[]> {
    return this.format.parse(await fetchText(url, this.service.source, ctx, this.format.accept, this.service.timeoutMs));
  }

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const url = this.service.byReferenceUrl?.(ref);
    if (!url) throw noCoverage(this.byPointOnlyHint);
    return (await this.ask(url, ctx)).find((p) => p.ref === ref);
  }

  /** The parcels the service returns at or around the point, then the one containing it. */
  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return (await this.ask(this.service.aroundUrl(point), ctx)).find((p) => containsPoint(p.geometry, point));
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return [{ source: this.service.source, url: this.service.aroundUrl(near), accept: this.format.accept }];
  }
}
