import type { CountryDefinition } from '../adapter.js';
import { SwedenAdapter, SE_SOURCES_ENV } from './adapter.js';
import { SE_EVIDENCE } from './evidence.js';

/** Sweden in the registry: its adapter (Jordbruksverket's agricultural blocks WFS) and the environment variables of its sources. */
export const sweden: CountryDefinition = {
  code: 'SE',
  evidence: SE_EVIDENCE,
  sourceEnv: SE_SOURCES_ENV,
  create: (sources) => new SwedenAdapter(sources),
};
