import { containsPoint } from '../../../geo/polygon.js';
import type { LonLat } from '../../../model/index.js';
import { json, type FakeAnswer, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { square } from '../../../../test/fake-upstream/countries/geojson-countries.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * Belgium's CadGIS INSPIRE CP layer (ArcGIS REST `query`, `/be-cadgis`) as the fake plays it.
 *
 * NO RECORDING OF IT EXISTS (SOURCES.md 15; HAND-WRITTEN.md): every answer is WRITTEN BY HAND in
 * Esri's documented `f=geojson` FeatureCollection, one made-up ~30 m parcel at the Grand-Place of
 * Brussels. CadGIS is the spec's slow source: its answers by point come after `BE_DELAY_MS`, longer
 * than the test client's default timeout, so only CadGIS's own timeout lets them through.
 */
export const BE_REF = '21004C0512/00B000';
export const BE_POINT: LonLat = [4.3525, 50.8467];
export const BE_DELAY_MS = 2_000;

const BE_RING = square(BE_POINT);

/** The open geocoder's Belgian place on that parcel (written by hand in Nominatim's jsonv2). */
export const BE_PLACE = addPlace('be', {
  road: 'Grand-Place',
  houseNumber: '1',
  city: 'Bruxelles',
  postcode: '1000',
  state: 'Région de Bruxelles-Capitale',
  country: 'Belgique',
  point: BE_POINT,
});

const arcgisCollection = (features: object[]) => JSON.stringify({ type: 'FeatureCollection', features });
const BE_FEATURE = {
  type: 'Feature',
  id: 4_711_001,
  geometry: { type: 'Polygon', coordinates: [BE_RING] },
  properties: { OBJECTID: 4_711_001, nationalCadastralRef: BE_REF, label: '512B', areaValue: 840, inspireId: `BE.GEN.CP.${BE_REF}` },
};

function cadgis(url: URL): FakeAnswer {
  const where = url.searchParams.get('where');
  if (where !== null) return json(arcgisCollection(where === `nationalCadastralRef='${BE_REF}'` ? [BE_FEATURE] : []));
  const [lon, lat] = (url.searchParams.get('geometry') ?? '').split(',').map(Number);
  const hit = url.searchParams.get('inSR') === '4326' && containsPoint({ type: 'Polygon', coordinates: [BE_RING] }, [lon, lat]);
  return { ...json(arcgisCollection(hit ? [BE_FEATURE] : [])), delayMs: BE_DELAY_MS };
}

const belgiumRoutes: FakeRoute = (url) => (url.pathname === '/be-cadgis/query' ? cadgis(url) : undefined);

/** BE's fake for its golden tests (be.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [belgiumRoutes], sources: (base) => ({ cadgisUrl: `${base}/be-cadgis`, geocoderUrl: `${base}/nominatim` }) };
