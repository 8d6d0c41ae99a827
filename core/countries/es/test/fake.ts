import { catastroRoute } from '../../../../test/fake-upstream/catastro.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/** Where the golden tests send Spain's sources the fake does not play (address search, street directory, ATOM feeds). */
const unplayed = (base: string) => `${base}/es-unplayed`;

/**
 * Spain's fake for its golden tests (es.test.ts): the Catastro's OVC JSON services and INSPIRE
 * WFS as test/fake-upstream/catastro.ts plays them (the store, import and API tests start that
 * fake on its own server), replaying the recordings byte for byte.
 */
export const fake: CountryFake = {
  routes: [catastroRoute],
  sources: (base) => ({
    ovcJsonBaseUrl: `${base}/OVCServWeb/OVCWcfCallejero`,
    wfsCpUrl: `${base}/INSPIRE/wfsCP.aspx`,
    cartociudadBaseUrl: unplayed(base),
    callejeroBaseUrl: unplayed(base),
    atomBaseUrl: unplayed(base),
  }),
};
