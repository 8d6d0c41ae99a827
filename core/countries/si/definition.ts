import type { CountryDefinition } from '../adapter.js';
import { SloveniaAdapter, SI_SOURCES_ENV } from './adapter.js';

/** Slovenia in the registry: its adapter and the environment variables of its sources. */
export const slovenia: CountryDefinition = {
  code: 'SI',
  sourceEnv: SI_SOURCES_ENV,
  create: (sources) => new SloveniaAdapter(sources),
};
