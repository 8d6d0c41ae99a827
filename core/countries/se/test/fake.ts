import { handLayerRoute, type HandLayer } from '../../../../test/fake-upstream/countries/geoserver-json.js';
import { handParcel } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * Jordbruksverket's agricultural blocks WFS (`/se-wfs`, GeoServer asked for GeoJSON, boxes in
 * SWEREF 99 TM) as the fake plays it. NO RECORDING EXISTS (HAND-WRITTEN.md): one made-up block in
 * Uppsala in GeoServer's GeoJSON output (test/fake-upstream/countries/geoserver-json.ts) with the
 * property names SOURCES.md gives (blockid, agoslag, areal); the block id itself is made up.
 */
export const SE_PARCEL = handParcel('1264A7F3C', [17.6389, 59.8586]);
const SE_LAYER: HandLayer = {
  path: '/se-wfs',
  typeName: 'inspire:senaste_arslager_block',
  filterProperty: 'blockid',
  parcel: SE_PARCEL,
  properties: { arslager: 2025, blockid: '1264A7F3C', region_kod: '03800', kategori: 'JORDBRUKSBLOCK', agoslag: 'Åker', areal: 0.42 },
};

const swedenRoutes = handLayerRoute(SE_LAYER);
const swedenSources = (base: string) => ({ blocksWfsUrl: `${base}/se-wfs` });

/** SE's fake for its golden tests (se.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [swedenRoutes], sources: swedenSources };
