import type { CountryDefinition } from '../adapter.js';
import { BelgiumAdapter, BE_SOURCES_ENV } from './adapter.js';

/** Belgium in the registry: its adapter (CadGIS, a slow source with its own timeout) and the environment variables of its sources. */
export const belgium: CountryDefinition = {
  code: 'BE',
  sourceEnv: BE_SOURCES_ENV,
  create: (sources) => new BelgiumAdapter(sources),
};
