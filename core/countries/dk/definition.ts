import type { CountryDefinition } from '../adapter.js';
import { DenmarkAdapter } from './adapter.js';
import { DK_SOURCES_ENV } from './config.js';
import { DK_EVIDENCE } from './evidence.js';

/** Denmark in the registry: its adapter and the environment variables of its sources. */
export const denmark: CountryDefinition = {
  code: 'DK',
  evidence: DK_EVIDENCE,
  sourceEnv: DK_SOURCES_ENV,
  create: (sources) => new DenmarkAdapter(sources),
};
