import type { CountryDefinition } from '../adapter.js';
import { FranceAdapter } from './adapter.js';
import { FR_SOURCES_ENV } from './config.js';
import { FR_EVIDENCE } from './evidence.js';

/** France in the registry: its adapter and the environment variables of its sources' base URLs. */
export const france: CountryDefinition = {
  code: 'FR',
  evidence: FR_EVIDENCE,
  sourceEnv: FR_SOURCES_ENV,
  create: (sources) => new FranceAdapter(sources),
};
