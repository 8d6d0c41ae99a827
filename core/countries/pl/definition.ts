import type { CountryDefinition } from '../adapter.js';
import { PolandAdapter } from './adapter.js';
import { PL_SOURCES_ENV } from './config.js';
import { PL_EVIDENCE } from './evidence.js';

/** Poland in the registry: its adapter and the environment variables of its sources' base URLs. */
export const poland: CountryDefinition = {
  code: 'PL',
  evidence: PL_EVIDENCE,
  sourceEnv: PL_SOURCES_ENV,
  create: (sources) => new PolandAdapter(sources),
};
