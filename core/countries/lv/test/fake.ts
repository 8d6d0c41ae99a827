import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { geoServerParcelRoute, type FakeGeoJsonParcel } from '../../../../test/fake-upstream/countries/geoserver-parcel.js';

/** LV's fake parcel: a made-up square at a real place of Rīga (no answer of VZD's parcels WFS (Geolatvija) was recorded: HAND-WRITTEN.md). */
export const LV_FAKE_PARCEL: FakeGeoJsonParcel = {
  ref: '01000070162',
  path: '/lv-wfs',
  typeName: 'vraa:parcel',
  cql: "code='01000070162'",
  centre: [24.1052, 56.9496],
  properties: { code: '01000070162' },
};

/** VZD's parcels WFS (Geolatvija) as the fake plays it, and the open geocoder (test/fake-upstream/countries/nominatim.ts). */
export const fake: CountryFake = {
  routes: [geoServerParcelRoute(LV_FAKE_PARCEL)],
  sources: (base) => ({ cpWfsUrl: `${base}/lv-wfs`, geocoderUrl: `${base}/nominatim` }),
};
