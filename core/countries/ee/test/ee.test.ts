import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { estonia } from '../country.js';
import { fake } from './fake.js';

countryGoldenTests(estonia, fake);
