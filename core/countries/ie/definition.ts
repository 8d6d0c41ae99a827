import type { CountryDefinition } from '../adapter.js';
import { IrelandAdapter, IE_SOURCES_ENV } from './adapter.js';
import { IE_EVIDENCE } from './evidence.js';

/** Ireland in the registry: its adapter (ArcGIS REST parcel layers) and the environment variables of its sources. */
export const ireland: CountryDefinition = {
  code: 'IE',
  evidence: IE_EVIDENCE,
  sourceEnv: IE_SOURCES_ENV,
  create: (sources) => new IrelandAdapter(sources),
};
