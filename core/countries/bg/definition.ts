import type { CountryDefinition } from '../adapter.js';
import { BulgariaAdapter, BG_SOURCES_ENV } from './adapter.js';

/** Bulgaria in the registry: its adapter (an ArcGIS REST parcel layer) and the environment variables of its sources. */
export const bulgaria: CountryDefinition = {
  code: 'BG',
  sourceEnv: BG_SOURCES_ENV,
  create: (sources) => new BulgariaAdapter(sources),
};
