import type { CountryDefinition } from '../adapter.js';
import { BasqueCountryAdapter } from './adapter.js';
import { PV_SOURCES_ENV } from './config.js';
import { PV_EVIDENCE } from './evidence.js';

/** The Basque Country in the registry: its adapter and the environment variables of its sources' base URLs. */
export const basqueCountry: CountryDefinition = {
  code: 'PV',
  evidence: PV_EVIDENCE,
  sourceEnv: PV_SOURCES_ENV,
  create: (sources) => new BasqueCountryAdapter(sources),
};
