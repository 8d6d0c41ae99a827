import type { CountryDefinition } from '../adapter.js';
import { CyprusAdapter, CY_SOURCES_ENV } from './adapter.js';
import { CY_EVIDENCE } from './evidence.js';

/** Cyprus in the registry: its adapter (an ArcGIS REST parcel layer) and the environment variables of its sources. */
export const cyprus: CountryDefinition = {
  code: 'CY',
  evidence: CY_EVIDENCE,
  sourceEnv: CY_SOURCES_ENV,
  create: (sources) => new CyprusAdapter(sources),
};
