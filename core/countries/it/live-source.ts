import { noCoverage, notFound, todayIso, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import type { InspireWfsProfile } from '../inspire/profile.js';
import { parseInspireAnswer } from '../inspire/wfs-answer.js';
import { getFeatureUrl, urnOf } from '../inspire/wfs-request.js';
import { fetchText } from '../national/fetch-text.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { comuneByCode, type Comune } from './comuni.js';
import { IT_REFERENCE_HINT, comuneOf } from './reference.js';

const XML = 'application/gml+xml, application/xml, text/xml';

export interface ItScanLimits {
  /** Parcels asked per GetFeature page (COUNT). */
  pageSize: number;
  /** Pages read at most (STARTINDEX 0, pageSize, …) before giving up on a comune. */
  maxPages: number;
}

export const DEFAULT_IT_SCAN: ItScanLimits = { pageSize: 1000, maxPages: 20 };

/** BBOX of a comune in EPSG:6706, latitude first (the axis order of the URN), URN last. */
export function comuneBbox(comune: Comune): string {
  const [w, s, e, n] = comune.bbox;
  return [s, w, n, e]
    .map((v) => v.toFixed(3))
    .concat(urnOf(6706))
    .join(',');
}

export function comunePageUrl(base: string, profile: InspireWfsProfile, comune: Comune, startIndex: number, count: number): string {
  return getFeatureUrl(base, profile, { BBOX: comuneBbox(comune), COUNT: String(count), STARTINDEX: String(startIndex) });
}

/** The comune's name and province, from the bundled table; the service itself names only the code. */
function withComune(parcel: StoredParcel): StoredParcel {
  const comune = comuneByCode(parcel.municipio ?? comuneOf(parcel.ref));
  return comune ? { ...parcel, municipio: comune.name, provincia: comune.province } : parcel;
}

/**
 * Italy's Agenzia delle Entrate WFS honours BBOX only (SOURCES.md 6 and 15). By point: a small
 * box around it (the INSPIRE family's lookup). By reference: the box of the reference's comune,
 * from the bundled table of comuni by cadastral code (comuni.ts), read page by page (COUNT and
 * STARTINDEX) until the parcel whose NATIONALCADASTRALREFERENCE is the reference turns up; a
 * comune whose box holds more parcels than the scan reads (numberMatched, first page) is refused
 * with 422 at once. Public clients do otherwise: pigreco/download_ple_x_attributo_WFS_AdE asks
 * a point inside each parcel of an index published apart (ondata/dati_catastali, one Parquet
 * file per region, built from the AdE's bulk GML) and then a tiny box there; that index is not
 * bundled here (hundreds of MB, a third party's), so large comuni stay a stated limit.
 */
export class ItalyLiveSource implements LiveParcelSource {
  private readonly wfs: InspireWfsSource;

  constructor(
    private readonly url: string,
    private readonly profile: InspireWfsProfile,
    private readonly scan: ItScanLimits = DEFAULT_IT_SCAN,
  ) {
    this.wfs = new InspireWfsSource(url, profile, '');
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return this.wfs.statusChecks(near);
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parcel = await this.wfs.at(point, ctx);
    return parcel && withComune(parcel);
  }

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const code = comuneOf(ref);
    const comune = comuneByCode(code);
    if (!comune) {
      throw notFound(
        `Reference ${ref} was not found: ${code} is not the cadastral code of any comune in the bundled table (ISTAT boundaries). ${IT_REFERENCE_HINT}`,
      );
    }
    const { pageSize, maxPages } = this.scan;
    const limit = pageSize * maxPages;
    const tooLarge = (listed: string) =>
      noCoverage(
        `Reference ${ref} cannot be looked up by reference in ${comune.name} (${comune.province}): the Agenzia delle Entrate's service finds parcels by position only, and the extent of ${comune.name} holds ${listed} parcels, more than the ${limit} this lookup reads. Look the parcel up by coordinates or address (it is then kept and answers by reference).`,
      );
    for (let page = 0; page < maxPages; page++) {
      const body = await fetchText(comunePageUrl(this.url, this.profile, comune, page * pageSize, pageSize), this.profile.source, ctx, XML);
      const parcels = parseInspireAnswer(body, this.profile, todayIso());
      const found = parcels.find((p) => p.ref === ref);
      if (found) return withComune(found);
      const returned = Number(/numberReturned="(\d+)"/.exec(body)?.[1] ?? parcels.length);
      if (returned < pageSize) return undefined;
      // MapServer counts the whole box on every page: a comune beyond the limit is refused at once, not after reading the limit.
      const matched = Number(/numberMatched="(\d+)"/.exec(body)?.[1]);
      if (matched > limit) throw tooLarge(String(matched));
    }
    throw tooLarge(`more than ${limit}`);
  }
}
