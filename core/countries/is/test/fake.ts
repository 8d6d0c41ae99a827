import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { inspireCpWfsRoute, inspireParcel } from '../../../../test/fake-upstream/countries/inspire-cp-wfs.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';

/** IS's fake parcel: an INSPIRE parcel written by hand, a square in Reykjavík (no Icelandic service is known: HAND-WRITTEN.md). */
export const IS_PARCEL = inspireParcel({ path: '/is-wfs', ref: '102345', namespace: 'IS.HMS.CP', epsg: 4258, centre: [-21.9426, 64.1466] });

addPlace('is', { country: 'Ísland', point: IS_PARCEL.inside, road: 'Laugavegur', houseNumber: '1', city: 'Reykjavík', postcode: '101' });

/** An INSPIRE CP WFS for Iceland as the fake plays it (the user names the real one), and the open geocoder. */
export const fake: CountryFake = {
  routes: [inspireCpWfsRoute(IS_PARCEL)],
  sources: (base) => ({ cpWfsUrl: `${base}/is-wfs`, geocoderUrl: `${base}/nominatim` }),
};
