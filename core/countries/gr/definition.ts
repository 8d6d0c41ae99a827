import type { CountryDefinition } from '../adapter.js';
import { GreeceAdapter, GR_SOURCES_ENV } from './adapter.js';

/** Greece in the registry: its adapter (an ArcGIS REST parcel layer) and the environment variables of its sources. */
export const greece: CountryDefinition = {
  code: 'GR',
  sourceEnv: GR_SOURCES_ENV,
  create: (sources) => new GreeceAdapter(sources),
};
