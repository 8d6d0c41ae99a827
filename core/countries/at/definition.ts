import type { CountryDefinition } from '../adapter.js';
import { AustriaAdapter, AT_SOURCES_ENV } from './adapter.js';
import { AT_EVIDENCE } from './evidence.js';

/** Austria in the registry: its adapter (BEV's Katasterservice by reference, its WMS by point) and the environment variables of its sources. */
export const austria: CountryDefinition = {
  code: 'AT',
  evidence: AT_EVIDENCE,
  sourceEnv: AT_SOURCES_ENV,
  create: (sources) => new AustriaAdapter(sources),
};
