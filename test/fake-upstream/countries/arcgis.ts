import { fake as bg } from '../../../core/countries/bg/test/fake.js';
import { fake as cy } from '../../../core/countries/cy/test/fake.js';
import { fake as gr } from '../../../core/countries/gr/test/fake.js';
import { fake as ie } from '../../../core/countries/ie/test/fake.js';
import { countryFakesTogether } from './country-fakes.js';

/**
 * The ArcGIS REST parcel layers of BG, GR, CY and IE, each played by its country's fake
 * (core/countries/<cc>/test/fake.ts, on arcgis-layer.ts), together for the fake Europe. NO
 * RECORDING of these services exists: every answer is written by hand.
 */
export const { routes: arcgisRoutes, sources: arcgisSources } = countryFakesTogether({ bg, gr, cy, ie });
