import type { CountryDefinition } from '../adapter.js';
import { LiechtensteinAdapter, LI_SOURCES_ENV } from './adapter.js';
import { LI_EVIDENCE } from './evidence.js';

/** Liechtenstein in the registry: its adapter (an INSPIRE CP WFS profile) and the environment variables of its sources. */
export const liechtenstein: CountryDefinition = {
  code: 'LI',
  evidence: LI_EVIDENCE,
  sourceEnv: LI_SOURCES_ENV,
  create: (sources) => new LiechtensteinAdapter(sources),
};
