import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { basqueCountry } from '../country.js';
import { fake } from './fake.js';

// Its other cases, shared with the other foral cadastre, are in ../../foral/test/ (foral.test.ts, foral-address.test.ts).
countryGoldenTests(basqueCountry, fake);
