import type { CountryDefinition } from '../adapter.js';
import { PolandAdapter } from './adapter.js';
import { PL_SOURCES_ENV } from './config.js';

/** Poland in the registry: its adapter and the environment variables of its sources' base URLs. */
export const poland: CountryDefinition = {
  code: 'PL',
  sourceEnv: PL_SOURCES_ENV,
  create: (sources) => new PolandAdapter(sources),
};
