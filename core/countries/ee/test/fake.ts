import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { geoServerParcelRoute, type FakeGeoJsonParcel } from '../../../../test/fake-upstream/countries/geoserver-parcel.js';

/** EE's fake parcel: a made-up square at a real place of Tallinn (no answer of the Maa-amet INSPIRE CP WFS was recorded: HAND-WRITTEN.md). */
export const EE_FAKE_PARCEL: FakeGeoJsonParcel = {
  ref: '78401:114:0086',
  path: '/ee-wfs',
  typeName: 'CP_katastriyksused:CP.CadastralParcel',
  cql: "nationalcadastralreference='78401:114:0086'",
  centre: [24.7453, 59.4372],
  properties: { nationalcadastralreference: '78401:114:0086', label: '78401:114:0086', areavalue: 1234 },
};

/** the Maa-amet INSPIRE CP WFS as the fake plays it, and the open geocoder (test/fake-upstream/countries/nominatim.ts). */
export const fake: CountryFake = {
  routes: [geoServerParcelRoute(EE_FAKE_PARCEL)],
  sources: (base) => ({ cpWfsUrl: `${base}/ee-wfs`, geocoderUrl: `${base}/nominatim` }),
};
