import { getJson } from '../../upstream/get-json.js';
import { isServiceError, notFound, todayIso, unavailable, type BBox } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { geometryOf, numberOf, textOf } from '../national/geojson-source.js';
import { liveParcel } from '../national/live-parcel.js';
import { AT_REFERENCE_HINT, splitAustrianReference } from './reference.js';
import { jsonObject } from '../national/answer-fields.js';

export const KATASTERSERVICE_SOURCE = 'BEV Katasterservice';
/** The search, an extra, has its own breaker: its failures must not pause the parcel lookups. */
export const KATASTERSERVICE_SEARCH_SOURCE = 'BEV Katasterservice search';

/**
 * BEV's "Katasterservice", the JSON API behind its Kataster viewer (https://kataster.bev.gv.at).
 * No documentation and no recording of it exists here: what follows is how public client code
 * asks and reads it (openatlas `openatlas/api/external/cadaster.py`; a geothermal planning app's
 * ArcGIS JS client; a Node server reading BEV inspireIds; a Next.js planning tool):
 *
 * - `GET {base}/api/gst/{KG}/{GNR}`, the Grundstücksnummer's `/` kept as a path separator
 *   (`/api/gst/01004/781/1`), answers one GeoJSON Feature: `properties` `kg`, `bl` (Bundesland),
 *   `gnr`, `ez` (Einlagezahl), `rstatus`, `nutzungen: [{ nutzung, fl }]` (the land uses,
 *   Benützungsarten, with their area in m²), and the outline in `geometry`. One client sums the
 *   `fl` as the parcel's area. A refusal is `{ "message": "…" }` (clients test `data.message`),
 *   probably with a 4xx status (UNCERTAIN: no client reads the status).
 * - `GET {base}/api/kgnr/{KG}` → `{ properties: { kg: <KG name> } }` (the status check's request).
 * - `GET {base}/api/search/?layers=gst&term=<KG> <GNR>` → `{ data: FeatureCollection }` of point
 *   features with `properties` `kg` (number), `gnr`, `ez`, `pg` (the political municipality).
 *
 * UNCERTAIN: the outline's CRS. Clients take `shape(geometry).centroid` as the viewer's
 * `#/center/{x},{y}` and one reads the rings as [lng, lat], so it is read as WGS84 longitude,
 * latitude (RFC 7946); an outline whose centre falls outside Austria is refused as unreadable (503)
 * rather than drawn in the wrong place. Whether `bl` is a name or a number is not shown either:
 * the state's official number (1–9, as in ISO 3166-2:AT) is read as its name.
 * The base path: openatlas and the geothermal planning app (several versions, which pass the DKM
 * WMS's KG and GNR straight to `https://kataster.bev.gv.at/api/gst/{KG}/{GNR}`: dkm-wms.ts) ask the
 * host's root; one client asks `{base}/at.gv.bev.kataster/api/gst/…/`. The default follows the two;
 * the base URL is configurable (CATASTRO_AT_KATASTER_URL).
 * Licence: not stated in the clients seen (the viewer's vector tiles are CC BY 4.0); BEV is
 * credited in every answer (the attribution of at/country.ts).
 */
export const katasterParcelUrl = (base: string, ref: string) => {
  const { kg, gnr } = splitAustrianReference(ref);
  return `${base}/api/gst/${kg}/${gnr}`;
};
export const katasterCommunityUrl = (base: string, kg: string) => `${base}/api/kgnr/${kg}`;
export const katasterSearchUrl = (base: string, ref: string) => {
  const { kg, gnr } = splitAustrianReference(ref);
  return `${base}/api/search/?${new URLSearchParams({ layers: 'gst', term: `${kg} ${gnr}` })}`;
};

/** The Länder by their official number (Statistik Austria; ISO 3166-2:AT uses the same: AT-1 … AT-9). */
const BUNDESLAENDER = ['Burgenland', 'Kärnten', 'Niederösterreich', 'Oberösterreich', 'Salzburg', 'Steiermark', 'Tirol', 'Vorarlberg', 'Wien'];
const stateOf = (bl: unknown) => {
  const text = textOf(bl);
  return text && /^[1-9]$/.test(text) ? BUNDESLAENDER[Number(text) - 1] : text;
};

/** The land uses of a parcel with a label, as BEV writes them (`nutzung`, `fl` in m²). */
function usesOf(nutzungen: unknown): { label: string; area?: number }[] {
  if (!Array.isArray(nutzungen)) return [];
  return nutzungen.flatMap((raw) => {
    const label = textOf(jsonObject(raw).nutzung);
    const area = numberOf(jsonObject(raw).fl);
    return label ? [{ label, area }] : [];
  });
}

/**
 * The parcel of a `/api/gst` answer. `uso` is the land use covering the most of it, in BEV's own
 * German label (as FR and SE keep their sources' labels: the spec names no label set); the area
 * is the sum of the uses' areas, the official figure, else the outline's (liveParcel).
 */
export function parseKatasterParcel(json: unknown, ref: string, austria: BBox, dataDate = todayIso()): StoredParcel {
  const feature = jsonObject(json);
  const properties = jsonObject(feature.properties);
  const geometry = geometryOf(feature.geometry, 4326);
  if (!geometry) throw unavailable(`${KATASTERSERVICE_SOURCE} sent an answer without a parcel outline; retry later.`);
  const [minLon, minLat, maxLon, maxLat] = austria;
  const parcel = liveParcel('AT', ref, geometry, undefined, dataDate);
  const [lon, lat] = parcel.centroid;
  if (!(lon >= minLon && lon <= maxLon && lat >= minLat && lat <= maxLat)) {
    throw unavailable(`${KATASTERSERVICE_SOURCE} sent an outline this client cannot place (not longitude/latitude in Austria); retry later.`);
  }
  const answered = textOf(properties.gnr);
  if (answered !== undefined && answered !== splitAustrianReference(ref).gnr) {
    throw unavailable(`${KATASTERSERVICE_SOURCE} answered parcel ${answered} when asked for ${ref}; retry later.`);
  }
  const uses = usesOf(properties.nutzungen);
  const officialArea = uses.reduce((sum, use) => sum + (use.area !== undefined && use.area > 0 ? use.area : 0), 0);
  const main = uses.reduce<{ label: string; area?: number } | undefined>((best, use) => (!best || (use.area ?? 0) > (best.area ?? 0) ? use : best), undefined);
  const facts = { provincia: stateOf(properties.bl), uso: main?.label };
  return liveParcel('AT', ref, geometry, officialArea, dataDate, Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)));
}

/** The political municipality (`pg`) of the search hit that is this parcel (same KG number and Grundstücksnummer). */
export function municipalityOfSearch(json: unknown, ref: string): string | undefined {
  const { kg, gnr } = splitAustrianReference(ref);
  const features = jsonObject(jsonObject(json).data).features;
  if (!Array.isArray(features)) return undefined;
  const hit = features.map((f) => jsonObject(jsonObject(f).properties)).find((p) => textOf(p.kg) === kg && textOf(p.gnr) === gnr);
  return hit && textOf(hit.pg);
}

/** BEV's Katasterservice at a configured base URL, through the upstream client (timeouts, retries, breaker). */
export class KatasterserviceSource {
  constructor(
    private readonly baseUrl: string,
    private readonly austria: BBox,
  ) {}

  /**
   * The parcel of a reference, with its municipality when the search answers it. 404 (or a
   * `message` answer) is the spec's NOT_FOUND with BEV's words; any other refusal, a body that is
   * not JSON or not a parcel is the source failing (503 SERVICE_UNAVAILABLE).
   */
  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel> {
    const { status, json } = await getJson(ctx.http, katasterParcelUrl(this.baseUrl, ref), { source: KATASTERSERVICE_SOURCE, signal: ctx.signal });
    const message = textOf(jsonObject(json).message);
    if (status === 404 || (message !== undefined && (status === 200 || status === 400))) {
      throw notFound(
        `Reference ${ref} was not found: BEV's cadastre knows no such parcel${message ? ` ("${message.slice(0, 160)}")` : ''}. ${AT_REFERENCE_HINT}`,
      );
    }
    if (status !== 200) throw unavailable(`${KATASTERSERVICE_SOURCE} answered HTTP ${status}; retry later.`);
    const parcel = parseKatasterParcel(json, ref, this.austria);
    const municipio = await this.municipality(ref, ctx);
    return municipio ? { ...parcel, municipio } : parcel;
  }

  /** Only an extra: a search that fails or does not list the parcel leaves the municipality out. */
  private async municipality(ref: string, ctx: AdapterContext): Promise<string | undefined> {
    try {
      const { status, json } = await getJson(ctx.http, katasterSearchUrl(this.baseUrl, ref), { source: KATASTERSERVICE_SEARCH_SOURCE, signal: ctx.signal });
      return status === 200 ? municipalityOfSearch(json, ref) : undefined;
    } catch (error) {
      if (isServiceError(error)) return undefined;
      throw error;
    }
  }

  /** Status page: the cheapest request, one cadastral community by number (Wien Innere Stadt). */
  statusCheck(): SourceCheck {
    return { source: KATASTERSERVICE_SOURCE, url: katasterCommunityUrl(this.baseUrl, '01004'), accept: 'application/json' };
  }
}
