import type { CountryDefinition } from '../adapter.js';
import { LithuaniaAdapter, LT_SOURCES_ENV } from './adapter.js';
import { LT_EVIDENCE } from './evidence.js';

/** Lithuania in the registry: its adapter and the environment variables of its sources. */
export const lithuania: CountryDefinition = {
  code: 'LT',
  evidence: LT_EVIDENCE,
  sourceEnv: LT_SOURCES_ENV,
  create: (sources) => new LithuaniaAdapter(sources),
};
