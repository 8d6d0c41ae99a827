import type { CountryDefinition } from '../adapter.js';
import { SloveniaAdapter, SI_SOURCES_ENV } from './adapter.js';
import { SI_EVIDENCE } from './evidence.js';

/** Slovenia in the registry: its adapter and the environment variables of its sources. */
export const slovenia: CountryDefinition = {
  code: 'SI',
  evidence: SI_EVIDENCE,
  sourceEnv: SI_SOURCES_ENV,
  create: (sources) => new SloveniaAdapter(sources),
};
