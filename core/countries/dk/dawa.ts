import { liveParcel } from '../national/live-parcel.js';
import { unavailable, type LonLat, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import { withQuery } from '../national/sources-config.js';
import { parseDanishReference, splitDanishReference } from './reference.js';
import { jsonObject } from '../national/answer-fields.js';

export const DAWA_SOURCE = 'DAWA (Dataforsyningen)';

/**
 * DAWA's jordstykker (SOURCES.md 9): `/jordstykker/{ejerlavkode}/{matrikelnr}` (the path the
 * recorded address links its parcel by) and `/jordstykker/reverse?x=&y=`, asked as GeoJSON in
 * WGS84. No jordstykke answer was recorded: the property names read (ejerlav.kode or
 * ejerlavkode, matrikelnr, registreretareal, kommune) follow DAWA's documentation, UNCERTAIN.
 */
export function jordstykkeUrl(base: string, ref: string): string {
  const { ejerlav, matrikelnr } = splitDanishReference(ref);
  return withQuery(`${base}/jordstykker/${ejerlav}/${encodeURIComponent(matrikelnr)}`, new URLSearchParams({ format: 'geojson', srid: '4326' }));
}

export function jordstykkeAtUrl(base: string, point: LonLat): string {
  return withQuery(`${base}/jordstykker/reverse`, new URLSearchParams({ x: String(point[0]), y: String(point[1]), format: 'geojson', srid: '4326' }));
}

export function addressSearchUrl(base: string, q: string, perPage: number): string {
  return withQuery(`${base}/adresser`, new URLSearchParams({ q, per_side: String(perPage) }));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw unavailable(`${DAWA_SOURCE} sent an answer that is not JSON; retry later.`);
  }
}

/** A jordstykke Feature; undefined when DAWA answers its "not found" object instead. */
export function parseJordstykke(body: string, dataDate: string): StoredParcel | undefined {
  const feature = jsonObject(parseJson(body));
  if (feature.type !== 'Feature') {
    if (feature.type === 'ResourceNotFoundError' || text(feature.type).endsWith('Error')) return undefined;
    throw unavailable(`${DAWA_SOURCE} sent an unexpected document (no Feature); retry later.`);
  }
  const props = jsonObject(feature.properties);
  const ref = parseDanishReference(`${text(jsonObject(props.ejerlav).kode) || text(props.ejerlavkode)}-${text(props.matrikelnr)}`);
  const geometry = jsonObject(feature.geometry) as unknown as ParcelGeometry;
  if (!ref || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return undefined;
  return liveParcel('DK', ref, geometry, Number(props.registreretareal), dataDate, {
    municipio: text(jsonObject(props.kommune).navn) || text(props.kommunenavn) || undefined,
  });
}

export interface DawaAddress {
  betegnelse: string;
  point: LonLat;
  husnr?: number;
  postnr?: string;
  postnavn?: string;
  kommune?: string;
  region?: string;
  parcel?: string;
}

/** `/adresser` (nested structure, as the recorded `/adresser/{id}`): an array of them, or one. */
export function parseDawaAddresses(body: string): DawaAddress[] {
  const answer = parseJson(body);
  const list = Array.isArray(answer) ? answer : [answer];
  return list.map(jsonObject).flatMap((address) => {
    const access = jsonObject(address.adgangsadresse);
    const coordinates = jsonObject(access.adgangspunkt).koordinater;
    if (!Array.isArray(coordinates) || typeof coordinates[0] !== 'number' || typeof coordinates[1] !== 'number') return [];
    const jordstykke = jsonObject(access.jordstykke);
    const husnr = Number.parseInt(text(access.husnr), 10);
    return [
      {
        betegnelse: text(address.adressebetegnelse) || text(access.adressebetegnelse),
        point: [coordinates[0], coordinates[1]] as LonLat,
        husnr: Number.isFinite(husnr) ? husnr : undefined,
        postnr: text(jsonObject(access.postnummer).nr) || undefined,
        postnavn: text(jsonObject(access.postnummer).navn) || undefined,
        kommune: text(jsonObject(access.kommune).navn) || undefined,
        region: text(jsonObject(access.region).navn) || undefined,
        parcel: parseDanishReference(
          `${text(jsonObject(jordstykke.ejerlav).kode) || text(jsonObject(access.ejerlav).kode)}-${text(jordstykke.matrikelnr) || text(access.matrikelnr)}`,
        ),
      },
    ];
  });
}
