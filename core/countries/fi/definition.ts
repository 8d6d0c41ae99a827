import type { CountryDefinition } from '../adapter.js';
import { FinlandAdapter, FI_SOURCES_ENV } from './adapter.js';
import { FI_EVIDENCE } from './evidence.js';

/** Finland in the registry: its adapter (an INSPIRE CP WFS profile) and the environment variables of its sources. */
export const finland: CountryDefinition = {
  code: 'FI',
  evidence: FI_EVIDENCE,
  sourceEnv: FI_SOURCES_ENV,
  create: (sources) => new FinlandAdapter(sources),
};
