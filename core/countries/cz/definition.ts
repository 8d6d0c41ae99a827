import type { CountryDefinition } from '../adapter.js';
import { CzechiaAdapter, CZ_SOURCES_ENV } from './adapter.js';
import { CZ_EVIDENCE } from './evidence.js';

/** Czechia in the registry: its adapter (an INSPIRE CP WFS profile) and the environment variables of its sources. */
export const czechia: CountryDefinition = {
  code: 'CZ',
  evidence: CZ_EVIDENCE,
  sourceEnv: CZ_SOURCES_ENV,
  create: (sources) => new CzechiaAdapter(sources),
};
