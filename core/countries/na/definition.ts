import type { CountryDefinition } from '../adapter.js';
import { NavarreAdapter } from './adapter.js';
import { NA_SOURCES_ENV } from './config.js';
import { NA_EVIDENCE } from './evidence.js';

/** Navarre in the registry: its adapter and the environment variables of its sources' base URLs. */
export const navarre: CountryDefinition = {
  code: 'NA',
  evidence: NA_EVIDENCE,
  sourceEnv: NA_SOURCES_ENV,
  create: (sources) => new NavarreAdapter(sources),
};
