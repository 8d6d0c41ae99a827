import type { CountryDefinition } from '../adapter.js';
import { LatviaAdapter, LV_SOURCES_ENV } from './adapter.js';

/** Latvia in the registry: its adapter and the environment variables of its sources. */
export const latvia: CountryDefinition = {
  code: 'LV',
  sourceEnv: LV_SOURCES_ENV,
  create: (sources) => new LatviaAdapter(sources),
};
