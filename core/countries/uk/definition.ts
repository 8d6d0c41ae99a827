import type { CountryDefinition } from '../adapter.js';
import { UnitedKingdomAdapter, UK_SOURCES_ENV } from './adapter.js';
import { UK_EVIDENCE } from './evidence.js';

/** The United Kingdom (Scotland) in the registry: its adapter (an INSPIRE CP WFS profile) and the environment variables of its sources. */
export const unitedKingdom: CountryDefinition = {
  code: 'UK',
  evidence: UK_EVIDENCE,
  sourceEnv: UK_SOURCES_ENV,
  create: (sources) => new UnitedKingdomAdapter(sources),
};
