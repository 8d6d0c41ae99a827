import type { CountryDefinition } from '../adapter.js';
import { GermanyAdapter, DE_SOURCES_ENV } from './adapter.js';
import { DE_EVIDENCE } from './evidence.js';

/** Germany in the registry: its adapter (one service per Land) and the environment variables of their base URLs. */
export const germany: CountryDefinition = {
  code: 'DE',
  evidence: DE_EVIDENCE,
  sourceEnv: DE_SOURCES_ENV,
  create: (sources) => new GermanyAdapter(sources),
};
