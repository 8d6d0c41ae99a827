import type { CountryDefinition } from '../adapter.js';
import { NorwayAdapter, NO_SOURCES_ENV } from './adapter.js';
import { NO_EVIDENCE } from './evidence.js';

/** Norway in the registry: its adapter and the environment variables of its sources. */
export const norway: CountryDefinition = {
  code: 'NO',
  evidence: NO_EVIDENCE,
  sourceEnv: NO_SOURCES_ENV,
  create: (sources) => new NorwayAdapter(sources),
};
