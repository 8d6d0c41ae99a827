import type { CountryDefinition } from '../adapter.js';
import { BulgariaAdapter, BG_SOURCES_ENV } from './adapter.js';
import { BG_EVIDENCE } from './evidence.js';

/** Bulgaria in the registry: its adapter (an ArcGIS REST parcel layer) and the environment variables of its sources. */
export const bulgaria: CountryDefinition = {
  code: 'BG',
  evidence: BG_EVIDENCE,
  sourceEnv: BG_SOURCES_ENV,
  create: (sources) => new BulgariaAdapter(sources),
};
