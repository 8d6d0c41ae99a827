import { containsPoint } from '../../geo/polygon.js';
import { isIsoDay, unavailable, type LonLat, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import { liveParcel } from '../national/live-parcel.js';
import { withQuery } from '../national/sources-config.js';
import type { NlSourcesConfig } from './country.js';
import { dutchReference, splitDutchReference } from './reference.js';

export const BRK_SOURCE = 'PDOK BRK Kadastrale Kaart';

/**
 * OGC API Features, collection `perceel` (SOURCES.md 3). No answer of this API was recorded:
 * the property names are PDOK's flattening of the Kadastrale Kaart v5 model (the GML's
 * `kadastraleGemeente`, `sectie`, `perceelnummer`, `aKRKadastraleGemeenteCode`,
 * `kadastraleGrootte` become `kadastrale_gemeente_waarde`, `sectie`, `perceelnummer`,
 * `akr_kadastrale_gemeente_code_waarde`, `kadastrale_grootte_waarde`); `identificatie_lokaal_id`
 * and `kadastrale_gemeente_code` + `perceelnummer` filters are documented in client code.
 * UNCERTAIN until checked against the live service.
 */
export function perceelByReferenceUrl(sources: NlSourcesConfig, ref: string): string {
  const { gemeente, sectie, perceelnummer } = splitDutchReference(ref);
  return withQuery(
    `${sources.brkOgcUrl}/collections/perceel/items`,
    new URLSearchParams({
      akr_kadastrale_gemeente_code_waarde: gemeente,
      sectie,
      perceelnummer,
      f: 'json',
      limit: '10',
    }),
  );
}

/** Parcels whose box holds the point (a 2 m box, CRS84 lon/lat): then point-in-polygon. */
export function perceelAtUrl(sources: NlSourcesConfig, point: LonLat): string {
  const [lon, lat] = point;
  const d = 0.00002;
  const bbox = [lon - d, lat - d, lon + d, lat + d].map((v) => v.toFixed(7)).join(',');
  return withQuery(`${sources.brkOgcUrl}/collections/perceel/items`, new URLSearchParams({ bbox, f: 'json', limit: '50' }));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export function parsePerceelAnswer(body: string, dataDate: string): StoredParcel[] {
  let answer: { type?: unknown; features?: unknown };
  try {
    answer = JSON.parse(body);
  } catch {
    throw unavailable(`${BRK_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (answer?.type !== 'FeatureCollection' || !Array.isArray(answer.features)) {
    throw unavailable(`${BRK_SOURCE} sent an unexpected document (no FeatureCollection); retry later.`);
  }
  const parcels: StoredParcel[] = [];
  for (const feature of answer.features as { geometry?: { type?: string; coordinates?: unknown }; properties?: Record<string, unknown> }[]) {
    const props = feature.properties ?? {};
    const ref = dutchReference(text(props.akr_kadastrale_gemeente_code_waarde), text(props.sectie), text(props.perceelnummer));
    const { type, coordinates } = feature.geometry ?? {};
    if (!ref || (type !== 'Polygon' && type !== 'MultiPolygon') || !Array.isArray(coordinates)) continue;
    const geometry = { type, coordinates } as ParcelGeometry;
    const begin = text(props.begin_geldigheid).slice(0, 10);
    parcels.push(
      liveParcel('NL', ref, geometry, Number(props.kadastrale_grootte_waarde), isIsoDay(begin) ? begin : dataDate, {
        municipio: text(props.kadastrale_gemeente_waarde) || undefined,
      }),
    );
  }
  return parcels;
}

export const parcelContaining = (parcels: StoredParcel[], point: LonLat) => parcels.find((p) => containsPoint(p.geometry, point));
