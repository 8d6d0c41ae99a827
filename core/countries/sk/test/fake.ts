import { areaM2, centroid } from '../../../geo/polygon.js';
import type { LonLat } from '../../../model/index.js';
import { json, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { boxMeets, geoServerCollection, parameter, square } from '../../../../test/fake-upstream/countries/geojson-countries.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * ÚGKK's INSPIRE CP WFS (GeoServer), one workspace per register, as the fake plays it: register C
 * at `/sk-wfs` (`cp:CP.CadastralParcel`), register E at `/sk-uo-wfs` (`cp_uo:CP.CadastralParcelUO`).
 *
 * NO RECORDING OF THIS SERVICE EXISTS (SOURCES.md 15; the one Slovak recording found, MarkHanoi/
 * Product_Rediness_08 `sk-bratislava-2026-09-03`, is of the ESKN ArcGIS map service, not of this
 * WFS): every answer is WRITTEN BY HAND as GeoServer writes GeoJSON (geojson-countries.ts), with the
 * properties public client code reads of this WFS (core/countries/sk/live-source.ts):
 * `nationalCadastralReference`, `label`, `areaValue` as GeoServer writes a measure. A GetFeature of
 * the workspace's own type whose CQL_FILTER names the parcel, or whose BBOX (latitude first, URN of
 * EPSG:4326) meets it, answers it; any other an empty collection; another type a 400.
 */
interface SlovakParcel {
  ref: string;
  path: string;
  typeName: string;
  ring: LonLat[];
  inside: LonLat;
  area: number;
}

function slovakParcel(ref: string, path: string, typeName: string, centre: LonLat): SlovakParcel {
  const ring = square(centre);
  const outline = { type: 'Polygon' as const, coordinates: [ring] };
  return { ref, path, typeName, ring, inside: centroid(outline), area: Math.round(areaM2(outline)) };
}

/** Register C (the map), Bratislava Old Town. */
export const SK_PARCEL = slovakParcel('804959_2158/2.C', '/sk-wfs', 'cp:CP.CadastralParcel', [17.1077, 48.1486]);
/** Register E (original ownership), a field outside Bratislava: only its own workspace knows it. */
export const SK_E_PARCEL = slovakParcel('804959_503.E', '/sk-uo-wfs', 'cp_uo:CP.CadastralParcelUO', [17.1702, 48.1905]);
const PARCELS = [SK_PARCEL, SK_E_PARCEL];

const slovakiaRoutes: FakeRoute = (url) => {
  const parcel = PARCELS.find((p) => p.path === url.pathname);
  if (!parcel) return undefined;
  if (parameter(url, 'typeNames') !== parcel.typeName || parameter(url, 'outputFormat') !== 'application/json') {
    return json('{"error":"hand-written fake: unexpected request"}', 400);
  }
  const cql = parameter(url, 'CQL_FILTER');
  const hit = cql !== undefined ? cql === `nationalCadastralReference='${parcel.ref}'` : boxMeets(parameter(url, 'bbox'), parcel.ring);
  const label = parcel.ref.slice(parcel.ref.indexOf('_') + 1, -2);
  const properties = { nationalCadastralReference: parcel.ref, label, areaValue: { '@uom': 'm2', value: parcel.area } };
  return json(geoServerCollection(parcel.typeName, hit ? [{ properties, ring: parcel.ring }] : []));
};

const slovakiaSources = (base: string) => ({ cpWfsUrl: `${base}/sk-wfs`, cpUoWfsUrl: `${base}/sk-uo-wfs`, geocoderUrl: `${base}/nominatim` });

// The open geocoder's place on the register C parcel (WRITTEN BY HAND in Nominatim's jsonv2, test/fake-upstream/countries/nominatim.ts).
addPlace('sk', {
  country: 'Slovensko',
  point: SK_PARCEL.inside,
  road: 'Obchodná',
  houseNumber: '12',
  city: 'Bratislava',
  postcode: '811 06',
});

/** SK's fake for its golden tests (sk.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [slovakiaRoutes], sources: slovakiaSources };
