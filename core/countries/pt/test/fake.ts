import { handLayerRoute, type HandLayer } from '../../../../test/fake-upstream/countries/geoserver-json.js';
import { handParcel } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * DGT's INSPIRE CP WFS (`/pt-wfs`, GeoServer asked for GeoJSON) as the fake plays it, and the open
 * geocoder's places. NO RECORDING EXISTS (HAND-WRITTEN.md): one made-up parcel in Leiria in
 * GeoServer's GeoJSON output (test/fake-upstream/countries/geoserver-json.ts), property names
 * UNCERTAIN; an address on it, and one in Lisbon (outside the partial coverage).
 */
export const PT_PARCEL = handParcel('AAA000336903', [-8.8071, 39.7436]);
const PT_LAYER: HandLayer = {
  path: '/pt-wfs',
  typeName: 'inspire:cadastralparcel',
  filterProperty: 'nationalcadastralreference',
  parcel: PT_PARCEL,
  properties: {
    inspireid: 'PT.DGT.CP.AAA000336903',
    nationalcadastralreference: 'AAA000336903',
    label: 'AAA 000 336 903',
    areavalue: 3612.5,
    municipio: 'Leiria',
  },
};

// The open geocoder's places (Nominatim's jsonv2, test/fake-upstream/countries/nominatim.ts): one on the parcel, one in Lisbon.
addPlace('pt', {
  country: 'Portugal',
  point: PT_PARCEL.centre,
  road: 'Rua Barão de Viamonte',
  houseNumber: '5',
  city: 'Leiria',
  postcode: '2400-262',
});

addPlace('pt', {
  country: 'Portugal',
  point: [-9.1367, 38.7107],
  road: 'Rua Augusta',
  houseNumber: '100',
  city: 'Lisboa',
  postcode: '1100-053',
});

const portugalRoutes = handLayerRoute(PT_LAYER);
const portugalSources = (base: string) => ({ cpWfsUrl: `${base}/pt-wfs`, geocoderUrl: `${base}/nominatim` });

/** PT's fake for its golden tests (pt.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [portugalRoutes], sources: portugalSources };
