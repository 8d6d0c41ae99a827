import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { arcgisLayerRoute } from '../../../../test/fake-upstream/countries/arcgis-layer.js';
import { handParcel } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';

/** BG's fake parcel: a made-up square at a real place of Sofia (no answer of AGKK's layer was recorded: HAND-WRITTEN.md). */
export const BG_PARCEL = handParcel('68134.100.5', [23.3219, 42.6977]);

/** The open geocoder's Bulgarian place on that parcel, in Cyrillic (written by hand in Nominatim's jsonv2). */
addPlace('bg', {
  country: 'България',
  point: BG_PARCEL.centre,
  road: 'бул. Витоша',
  houseNumber: '15',
  city: 'София',
  postcode: '1000',
});

/** AGKK's INSPIRE Cadastral Parcel layer (ArcGIS REST `query`, `f=geojson`) as the fake plays it, and the open geocoder. */
export const fake: CountryFake = {
  routes: [
    arcgisLayerRoute({ path: '/arcgis/bg/0', field: 'nationalcadastralref', parcels: [BG_PARCEL], extra: { areavalue: 3598.2, id_namespace: 'BG.CP' } }),
  ],
  sources: (base) => ({ cpLayerUrl: `${base}/arcgis/bg/0`, geocoderUrl: `${base}/nominatim` }),
};
