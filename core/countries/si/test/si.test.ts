import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { slovenia } from '../country.js';
import { fake } from './fake.js';

countryGoldenTests(slovenia, fake);
