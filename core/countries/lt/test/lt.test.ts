import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { lithuania } from '../country.js';
import { fake } from './fake.js';

countryGoldenTests(lithuania, fake);
