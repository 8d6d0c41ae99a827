import type { CountryDefinition } from '../adapter.js';
import { EstoniaAdapter, EE_SOURCES_ENV } from './adapter.js';
import { EE_EVIDENCE } from './evidence.js';

/** Estonia in the registry: its adapter and the environment variables of its sources. */
export const estonia: CountryDefinition = {
  code: 'EE',
  evidence: EE_EVIDENCE,
  sourceEnv: EE_SOURCES_ENV,
  create: (sources) => new EstoniaAdapter(sources),
};
