import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { latvia } from '../country.js';
import { fake } from './fake.js';

countryGoldenTests(latvia, fake);
