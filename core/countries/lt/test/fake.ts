import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { geoServerParcelRoute, type FakeGeoJsonParcel } from '../../../../test/fake-upstream/countries/geoserver-parcel.js';

/** LT's fake parcel: a made-up square at a real place of Vilnius (no answer of the Lithuanian INSPIRE CP WFS was recorded: HAND-WRITTEN.md). */
export const LT_FAKE_PARCEL: FakeGeoJsonParcel = {
  ref: '0101/0039:1406',
  path: '/lt-wfs',
  typeName: 'cp:CP.CadastralParcel',
  cql: "label='0101/0039:1406'",
  centre: [25.2797, 54.6872],
  properties: { label: '0101/0039:1406', areavalue: 987.5 },
};

/** the Lithuanian INSPIRE CP WFS as the fake plays it, and the open geocoder (test/fake-upstream/countries/nominatim.ts). */
export const fake: CountryFake = {
  routes: [geoServerParcelRoute(LT_FAKE_PARCEL)],
  sources: (base) => ({ cpWfsUrl: `${base}/lt-wfs`, geocoderUrl: `${base}/nominatim` }),
};
