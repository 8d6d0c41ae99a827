import type { CountryDefinition } from '../adapter.js';
import { SwitzerlandAdapter, CH_SOURCES_ENV } from './adapter.js';
import { CH_EVIDENCE } from './evidence.js';

/** Switzerland in the registry: its adapter (geo.admin.ch) and the environment variables of its sources. */
export const switzerland: CountryDefinition = {
  code: 'CH',
  evidence: CH_EVIDENCE,
  sourceEnv: CH_SOURCES_ENV,
  create: (sources) => new SwitzerlandAdapter(sources),
};
