import type { CountryDefinition } from '../adapter.js';
import { LuxembourgAdapter } from './adapter.js';
import { LU_SOURCES_ENV } from './config.js';
import { LU_EVIDENCE } from './evidence.js';

/** Luxembourg in the registry: its adapter and the environment variables of its sources' base URLs. */
export const luxembourg: CountryDefinition = {
  code: 'LU',
  evidence: LU_EVIDENCE,
  sourceEnv: LU_SOURCES_ENV,
  create: (sources) => new LuxembourgAdapter(sources),
};
