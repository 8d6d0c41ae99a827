import type { CountryDefinition } from '../adapter.js';
import { LatviaAdapter, LV_SOURCES_ENV } from './adapter.js';
import { LV_EVIDENCE } from './evidence.js';

/** Latvia in the registry: its adapter and the environment variables of its sources. */
export const latvia: CountryDefinition = {
  code: 'LV',
  evidence: LV_EVIDENCE,
  sourceEnv: LV_SOURCES_ENV,
  create: (sources) => new LatviaAdapter(sources),
};
