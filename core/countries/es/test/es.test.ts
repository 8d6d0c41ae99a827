import { spain } from '../definition.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { fake } from './fake.js';

/**
 * Spain's evidence references against the Catastro's fake, as golden files. Spain's other tests
 * (test/unit/es, test/integration/es) still live in test/: the store, import and API tests share
 * their fake (test/fake-upstream/catastro.ts) and most of their recordings (test/fixtures).
 */
countryGoldenTests({ ...spain, name: 'Spain' }, fake);
