import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { inspireCpWfsRoute, inspireParcel } from '../../../../test/fake-upstream/countries/inspire-cp-wfs.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';

/** LI's fake parcel: an INSPIRE parcel written by hand, a square in Vaduz (no Liechtenstein service is known: HAND-WRITTEN.md). */
export const LI_PARCEL = inspireParcel({ path: '/li-wfs', ref: '7011-1234', namespace: 'LI.LLV.CP', epsg: 4258, centre: [9.5209, 47.141] });

addPlace('li', { country: 'Liechtenstein', point: LI_PARCEL.inside, road: 'Städtle', houseNumber: '10', city: 'Vaduz', postcode: '9490' });

/** An INSPIRE CP WFS for Liechtenstein as the fake plays it (the user names the real one), and the open geocoder. */
export const fake: CountryFake = {
  routes: [inspireCpWfsRoute(LI_PARCEL)],
  sources: (base) => ({ cpWfsUrl: `${base}/li-wfs`, geocoderUrl: `${base}/nominatim` }),
};
