import type { CountryDefinition } from '../adapter.js';
import { SlovakiaAdapter, SK_SOURCES_ENV } from './adapter.js';
import { SK_EVIDENCE } from './evidence.js';

/** Slovakia in the registry: its adapter (an INSPIRE CP WFS profile) and the environment variables of its sources. */
export const slovakia: CountryDefinition = {
  code: 'SK',
  evidence: SK_EVIDENCE,
  sourceEnv: SK_SOURCES_ENV,
  create: (sources) => new SlovakiaAdapter(sources),
};
