import type { CountryDefinition } from '../adapter.js';
import { GermanyAdapter, DE_SOURCES_ENV } from './adapter.js';

/** Germany in the registry: its adapter (one service per Land) and the environment variables of their base URLs. */
export const germany: CountryDefinition = {
  code: 'DE',
  sourceEnv: DE_SOURCES_ENV,
  create: (sources) => new GermanyAdapter(sources),
};
