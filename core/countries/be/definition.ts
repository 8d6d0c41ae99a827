import type { CountryDefinition } from '../adapter.js';
import { BelgiumAdapter, BE_SOURCES_ENV } from './adapter.js';
import { BE_EVIDENCE } from './evidence.js';

/** Belgium in the registry: its adapter (CadGIS, a slow source with its own timeout) and the environment variables of its sources. */
export const belgium: CountryDefinition = {
  code: 'BE',
  evidence: BE_EVIDENCE,
  sourceEnv: BE_SOURCES_ENV,
  create: (sources) => new BelgiumAdapter(sources),
};
