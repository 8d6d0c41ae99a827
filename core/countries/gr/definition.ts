import type { CountryDefinition } from '../adapter.js';
import { GreeceAdapter, GR_SOURCES_ENV } from './adapter.js';
import { GR_EVIDENCE } from './evidence.js';

/** Greece in the registry: its adapter (an ArcGIS REST parcel layer) and the environment variables of its sources. */
export const greece: CountryDefinition = {
  code: 'GR',
  evidence: GR_EVIDENCE,
  sourceEnv: GR_SOURCES_ENV,
  create: (sources) => new GreeceAdapter(sources),
};
