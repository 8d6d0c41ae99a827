import { handLayerRoute, type HandLayer } from '../../../../test/fake-upstream/countries/geoserver-json.js';
import { handParcel } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * DGU's INSPIRE view WFS (`/hr-wfs`, GeoServer asked for GeoJSON, `cp_wms:CP.CadastralParcel`) as
 * the fake plays it. NO RECORDING EXISTS (HAND-WRITTEN.md): one made-up parcel in Zagreb in
 * GeoServer's GeoJSON output (test/fake-upstream/countries/geoserver-json.ts) with the property
 * names SOURCES.md and public clients give (MATICNI_BROJ_KO, BROJ_CESTICE).
 */
export const HR_PARCEL = handParcel('335240-2379', [15.9819, 45.815]);
const HR_LAYER: HandLayer = {
  path: '/hr-wfs',
  typeName: 'cp_wms:CP.CadastralParcel',
  parcel: HR_PARCEL,
  properties: { ID: 1000123, MATICNI_BROJ_KO: 335240, BROJ_CESTICE: '2379' },
};

const croatiaRoutes = handLayerRoute(HR_LAYER);
const croatiaSources = (base: string) => ({ cpWfsUrl: `${base}/hr-wfs` });

/** HR's fake for its golden tests (hr.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [croatiaRoutes], sources: croatiaSources };
