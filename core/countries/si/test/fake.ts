import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { geoServerParcelRoute, type FakeGeoJsonParcel } from '../../../../test/fake-upstream/countries/geoserver-parcel.js';

/** SI's fake parcel: a made-up square at a real place of Ljubljana (no answer of GURS's land cadastre WFS was recorded: HAND-WRITTEN.md). */
export const SI_FAKE_PARCEL: FakeGeoJsonParcel = {
  ref: '1725-3274/13',
  path: '/si-wfs',
  typeName: 'SI.GURS.KN:PARCELE',
  cql: "KO_ID=1725 AND ST_PARCELE='3274/13'",
  centre: [14.5058, 46.0569],
  properties: { KO_ID: 1725, ST_PARCELE: '3274/13' },
};

/** GURS's land cadastre WFS as the fake plays it, and the open geocoder (test/fake-upstream/countries/nominatim.ts). */
export const fake: CountryFake = {
  routes: [geoServerParcelRoute(SI_FAKE_PARCEL)],
  sources: (base) => ({ cpWfsUrl: `${base}/si-wfs`, geocoderUrl: `${base}/nominatim` }),
};
