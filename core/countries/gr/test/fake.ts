import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { arcgisLayerRoute } from '../../../../test/fake-upstream/countries/arcgis-layer.js';
import { handParcel } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';

/** GR's fake parcel: a made-up square at a real place of Athens (no answer of the Hellenic Cadastre's layer was recorded: HAND-WRITTEN.md). */
export const GR_PARCEL = handParcel('050095701001', [23.7275, 37.9838]);

/** The open geocoder's Greek place on that parcel, in Greek script (written by hand in Nominatim's jsonv2). */
addPlace('gr', { country: 'Ελλάς', point: GR_PARCEL.centre, road: 'Ερμού', houseNumber: '10', city: 'Αθήνα', postcode: '105 63' });

/** The Hellenic Cadastre's parcel layer (ArcGIS REST `query`, `f=geojson`; field `KAEK`, UNCERTAIN) as the fake plays it, and the open geocoder. */
export const fake: CountryFake = {
  routes: [arcgisLayerRoute({ path: '/arcgis/gr/0', field: 'KAEK', parcels: [GR_PARCEL] })],
  sources: (base) => ({ cpLayerUrl: `${base}/arcgis/gr/0`, geocoderUrl: `${base}/nominatim` }),
};
