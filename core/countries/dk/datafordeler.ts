import wkx from 'wkx';
import { fromWgs84, toWgs84 } from '../../geo/crs.js';
import { containsPoint } from '../../geo/polygon.js';
import { liveParcel } from '../national/live-parcel.js';
import { isServiceError, noCoverage, unavailable, type LonLat, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext } from '../adapter.js';
import { DK_CREDENTIALS_HINT } from './config.js';
import { parseDanishReference, splitDanishReference } from './reference.js';
import { jsonObject } from '../national/answer-fields.js';

export const DATAFORDELER_SOURCE = 'Datafordeler (Matriklen)';

/**
 * Matriklen (MAT) through Datafordeler's GraphQL, which replaced its REST services (retired
 * 2026-06-30). Published protocol (confluence.sdfi.dk "GraphQL på Datafordeleren" and "MAT2
 * GraphQL"; the same shape in public client code): `https://graphql.datafordeler.dk/<service>/<version>`
 * with the API key as the `apiKey` query parameter; entity queries `MAT_<Entity>(first:, where:
 * { field: { eq: … } })` answering `{ data: { MAT_<Entity>: { nodes: […], pageInfo } } }`, errors in
 * `errors`. The `flexibleCurrent/v1` service (registration time = today) allows the joins used
 * here: `jordstykkeLiggerIEjerlav` and `lodfladeRepraesentationJordstykke { geometri { wkt crs } }`
 * (as a public client reads them). Field names as in the MAT download (same Matriklen2 model):
 * `id_lokalId`, `ejerlavskode`, `ejerlavsnavn`, `ejerlavLokalId`, `matrikelnummer`,
 * `registreretAreal`, `status` "Gældende".
 *
 * Sent as GraphQL-over-HTTP GET (`query` and `variables` URL parameters) because the project's
 * upstream client (breaker, retries, politeness) speaks GET only; the public clients POST the same
 * JSON. No answer was recorded: the fake's answers are written by hand in this shape.
 */
const SERVICE = 'flexibleCurrent/v1';

const EJERLAV_QUERY = `query ($ejerlavskode: Long!, $virkningstid: DafDateTime!) {
  MAT_Ejerlav(virkningstid: $virkningstid, first: 1, where: { ejerlavskode: { eq: $ejerlavskode } }) { nodes { id_lokalId ejerlavskode ejerlavsnavn } }
}`;

const JORDSTYKKE_FIELDS = `id_lokalId ejerlavLokalId matrikelnummer registreretAreal
      lodfladeRepraesentationJordstykke(first: 100, where: { status: { eq: "Gældende" } }) { nodes { geometri { wkt crs } } }`;

const JORDSTYKKE_QUERY = `query ($ejerlavLokalId: String!, $matrikelnummer: String!, $virkningstid: DafDateTime!) {
  MAT_Jordstykke(virkningstid: $virkningstid, first: 2, where: { ejerlavLokalId: { eq: $ejerlavLokalId }, matrikelnummer: { eq: $matrikelnummer }, status: { eq: "Gældende" } }) {
    nodes {
      ${JORDSTYKKE_FIELDS}
    }
  }
}`;

/**
 * Jordstykker by their local ids (DAR_Husnummer.jordstykke, MAT_Lodflade.jordstykkeLokalId).
 * `in` is read as public clients of these services write it (UNCERTAIN: the operator table of
 * "GraphQL på Datafordeleren" could not be read in full).
 */
const JORDSTYKKER_BY_ID_QUERY = `query ($ids: [String!], $virkningstid: DafDateTime!) {
  MAT_Jordstykke(virkningstid: $virkningstid, first: 20, where: { id_lokalId: { in: $ids }, status: { eq: "Gældende" } }) {
    nodes {
      ${JORDSTYKKE_FIELDS}
    }
  }
}`;

/**
 * The lodflader (parcel surfaces) at a point: the documented geometry operator
 * `intersects(koordinatsystem, geometri)` ("GraphQL på Datafordeleren", Geometriske filtre),
 * written `{ crs, wkt }` as a public client of the same services writes it (UNCERTAIN).
 */
const LODFLADE_AT_QUERY = `query ($point: String!, $virkningstid: DafDateTime!) {
  MAT_Lodflade(virkningstid: $virkningstid, first: 10, where: { geometri: { intersects: { crs: 25832, wkt: $point } }, status: { eq: "Gældende" } }) {
    nodes { id_lokalId jordstykkeLokalId }
  }
}`;

/**
 * A GraphQL-over-HTTP GET to the flexibleCurrent service; the URL carries the API key, so it is never
 * logged or shown. Every query declares `$virkningstid: DafDateTime!` and passes it to its one root
 * field, sent here as now: a public client of MAT/v2 (Datafordeler GraphQL rules it lists: no
 * introspection, HC0046; no aliases, DAF-GQL-0008; one root field per query, DAF-GQL-0010;
 * `virkningstid` required, DAF-GQL-0009) and one of flexibleCurrent/v1 (EJF) both send it.
 */
export function datafordelerQueryUrl(base: string, apiKey: string, query: string, variables: Record<string, unknown>, now = new Date()): string {
  return `${base}/${SERVICE}?${new URLSearchParams({ apiKey, query, variables: JSON.stringify({ ...variables, virkningstid: now.toISOString() }) })}`;
}
const graphqlUrl = datafordelerQueryUrl;

export const ejerlavUrl = (base: string, apiKey: string, ejerlavskode: number) => graphqlUrl(base, apiKey, EJERLAV_QUERY, { ejerlavskode });
export const jordstykkeUrl = (base: string, apiKey: string, ejerlavLokalId: string, matrikelnummer: string) =>
  graphqlUrl(base, apiKey, JORDSTYKKE_QUERY, { ejerlavLokalId, matrikelnummer });
export const jordstykkerByIdUrl = (base: string, apiKey: string, ids: string[]) => graphqlUrl(base, apiKey, JORDSTYKKER_BY_ID_QUERY, { ids });
/** The point goes as WKT in EPSG:25832, Matriklen's own CRS (the lodflader answer in it). */
export function lodfladeAtUrl(base: string, apiKey: string, [lon, lat]: LonLat): string {
  const [x, y] = fromWgs84(25832, lon, lat);
  return graphqlUrl(base, apiKey, LODFLADE_AT_QUERY, { point: `POINT(${x.toFixed(2)} ${y.toFixed(2)})` });
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** The `nodes` of one entity in a GraphQL answer; a GraphQL error is the source failing (its message, never the URL). */
export function nodesOf(body: string, entity: string): Record<string, unknown>[] {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${DATAFORDELER_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  const errors = jsonObject(answer).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const message = text(jsonObject(errors[0]).message).slice(0, 200);
    throw unavailable(`${DATAFORDELER_SOURCE} refused the query${message ? ` (${message})` : ''}; retry later.`);
  }
  const nodes = jsonObject(jsonObject(jsonObject(answer).data)[entity]).nodes;
  if (!Array.isArray(nodes)) throw unavailable(`${DATAFORDELER_SOURCE} sent an unexpected document (no ${entity} nodes); retry later.`);
  return nodes.map(jsonObject);
}

/** A Lodflade's `geometri { wkt crs }` (EPSG:25832 unless the crs says otherwise) as WGS84 polygons. */
function wgs84Polygons(geometri: unknown): LonLat[][][] {
  const { wkt, crs } = jsonObject(geometri);
  if (typeof wkt !== 'string') return [];
  let parsed: ReturnType<typeof wkx.Geometry.parse>;
  try {
    parsed = wkx.Geometry.parse(wkt);
  } catch {
    throw unavailable(`${DATAFORDELER_SOURCE} sent an unreadable outline; retry later.`);
  }
  const epsg = Number(/(\d{4,5})\s*$/.exec(text(crs))?.[1] ?? parsed.srid ?? 25832) || 25832;
  const reproject = (ring: number[][]) => ring.map(([x, y]) => (epsg === 4326 ? ([x, y] as LonLat) : toWgs84(epsg, x, y)));
  const geojson = parsed.toGeoJSON() as { type: string; coordinates: unknown };
  if (geojson.type === 'Polygon') return [(geojson.coordinates as number[][][]).map(reproject)];
  if (geojson.type === 'MultiPolygon') return (geojson.coordinates as number[][][][]).map((p) => p.map(reproject));
  return [];
}

export interface DanishEjerlav {
  lokalId: string;
  navn?: string;
}

export function parseEjerlav(body: string): DanishEjerlav | undefined {
  const found = nodesOf(body, 'MAT_Ejerlav')[0];
  const lokalId = found && text(found.id_lokalId);
  return lokalId ? { lokalId, navn: text(found.ejerlavsnavn) || undefined } : undefined;
}

/** The current jordstykke of a reference, with its lodflader as the outline; undefined when Matriklen has none with an outline. */
export function parseJordstykke(body: string, ref: string, dataDate: string): StoredParcel | undefined {
  const found = nodesOf(body, 'MAT_Jordstykke')[0];
  return found && jordstykkeOf(found, ref, dataDate);
}

/**
 * The reference of a jordstykke node: in Matriklen's records `ejerlavLokalId` is the
 * landsejerlavkode itself (the real MAT download: "2003052"), so ejerlavLokalId-matrikelnummer.
 */
export const referenceOfJordstykke = (found: Record<string, unknown>) => parseDanishReference(`${text(found.ejerlavLokalId)}-${text(found.matrikelnummer)}`);

/** Jordstykker by id: each one's reference, keyed by its local id. */
export function parseJordstykkeReferences(body: string): Map<string, string> {
  const refs = new Map<string, string>();
  for (const found of nodesOf(body, 'MAT_Jordstykke')) {
    const ref = referenceOfJordstykke(found);
    if (ref && text(found.id_lokalId)) refs.set(text(found.id_lokalId), ref);
  }
  return refs;
}

function jordstykkeOf(found: Record<string, unknown>, ref: string, dataDate: string): StoredParcel | undefined {
  const flader = jsonObject(found.lodfladeRepraesentationJordstykke).nodes;
  const polygons = (Array.isArray(flader) ? flader : []).flatMap((flade) => wgs84Polygons(jsonObject(flade).geometri));
  if (polygons.length === 0) return undefined;
  const geometry: ParcelGeometry = polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons };
  // registreretAreal is a string in Matriklen's download; read either.
  return liveParcel('DK', ref, geometry, Number(text(found.registreretAreal)), dataDate);
}

/**
 * One request to Datafordeler. The URL carries the API key, so nothing of the request goes into
 * an error: a failure is re-raised as a new error with no cause (the server logs causes).
 * 401/403 is the key refused: said so, with the variable to check.
 */
export async function askDatafordeler(url: string, ctx: AdapterContext): Promise<string> {
  let answer;
  try {
    answer = await ctx.http.getText(url, { source: DATAFORDELER_SOURCE, signal: ctx.signal, accept: 'application/graphql-response+json, application/json' });
  } catch (error) {
    if (isServiceError(error)) throw unavailable(error.message);
    throw unavailable(`${DATAFORDELER_SOURCE} does not answer; retry later.`);
  }
  if (answer.status === 401 || answer.status === 403) {
    throw noCoverage(`${DATAFORDELER_SOURCE} refused the configured API key (HTTP ${answer.status}). ${DK_CREDENTIALS_HINT}`);
  }
  // GraphQL-over-HTTP answers query errors with 200 (application/json) or 400 with an `errors` body.
  if (answer.status !== 200 && answer.status !== 400) throw unavailable(`${DATAFORDELER_SOURCE} answered HTTP ${answer.status}; retry later.`);
  return answer.body;
}

/** The local ids of the jordstykker whose lodflader MAT_Lodflade answered at a point. */
export function parseLodfladeJordstykker(body: string): string[] {
  return [
    ...new Set(
      nodesOf(body, 'MAT_Lodflade')
        .map((flade) => text(flade.jordstykkeLokalId))
        .filter(Boolean),
    ),
  ];
}

/**
 * The jordstykke under a point: MAT_Lodflade's spatial filter names the candidates, then
 * MAT_Jordstykke answers them with their outlines, and the one whose outline contains the point
 * (turf's point-in-polygon: the filter's `intersects` also answers a point on a shared boundary) wins.
 */
export async function matrikelJordstykkeAt(
  base: string,
  apiKey: string,
  point: LonLat,
  ctx: AdapterContext,
  dataDate: string,
): Promise<StoredParcel | undefined> {
  const ids = parseLodfladeJordstykker(await askDatafordeler(lodfladeAtUrl(base, apiKey, point), ctx));
  if (ids.length === 0) return undefined;
  const found = nodesOf(await askDatafordeler(jordstykkerByIdUrl(base, apiKey, ids), ctx), 'MAT_Jordstykke');
  for (const candidate of found) {
    const ref = referenceOfJordstykke(candidate);
    const parcel = ref ? jordstykkeOf(candidate, ref, dataDate) : undefined;
    if (parcel && containsPoint(parcel.geometry, point)) return parcel;
  }
  return undefined;
}

/** A reference's jordstykke from Matriklen: its ejerlav's local id first, then the jordstykke with its lodflader. */
export async function matrikelJordstykke(base: string, apiKey: string, ref: string, ctx: AdapterContext, dataDate: string): Promise<StoredParcel | undefined> {
  const { ejerlav, matrikelnr } = splitDanishReference(ref);
  const found = parseEjerlav(await askDatafordeler(ejerlavUrl(base, apiKey, Number(ejerlav)), ctx));
  if (!found) return undefined;
  return parseJordstykke(await askDatafordeler(jordstykkeUrl(base, apiKey, found.lokalId, matrikelnr), ctx), ref, dataDate);
}
