import type { CountryDefinition } from '../adapter.js';
import { IrelandAdapter, IE_SOURCES_ENV } from './adapter.js';

/** Ireland in the registry: its adapter (ArcGIS REST parcel layers) and the environment variables of its sources. */
export const ireland: CountryDefinition = {
  code: 'IE',
  sourceEnv: IE_SOURCES_ENV,
  create: (sources) => new IrelandAdapter(sources),
};
