import { spain } from '../definition.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { fake } from './fake.js';

/**
 * Spain's evidence references against the Catastro's fake, as golden files. The fake itself stays
 * in test/fake-upstream/catastro.ts, and most of Spain's recordings in test/fixtures: the store,
 * import and API tests share them.
 */
countryGoldenTests({ ...spain, name: 'Spain' }, fake);
