import type { CountryDefinition } from '../adapter.js';
import { NetherlandsAdapter } from './adapter.js';
import { NL_SOURCES_ENV } from './config.js';
import { NL_EVIDENCE } from './evidence.js';

/** The Netherlands in the registry: its adapter and the environment variables of its sources' base URLs. */
export const netherlands: CountryDefinition = {
  code: 'NL',
  evidence: NL_EVIDENCE,
  sourceEnv: NL_SOURCES_ENV,
  create: (sources) => new NetherlandsAdapter(sources),
};
