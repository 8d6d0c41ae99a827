import type { CountryDefinition } from '../adapter.js';
import { SlovakiaAdapter, SK_SOURCES_ENV } from './adapter.js';

/** Slovakia in the registry: its adapter (an INSPIRE CP WFS profile) and the environment variables of its sources. */
export const slovakia: CountryDefinition = {
  code: 'SK',
  sourceEnv: SK_SOURCES_ENV,
  create: (sources) => new SlovakiaAdapter(sources),
};
