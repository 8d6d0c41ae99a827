import type { CountryDefinition } from '../adapter.js';
import { CroatiaAdapter, HR_SOURCES_ENV } from './adapter.js';
import { HR_EVIDENCE } from './evidence.js';

/** Croatia in the registry: its adapter (DGU's GeoServer WFS as GeoJSON, by coordinates) and the environment variables of its sources. */
export const croatia: CountryDefinition = {
  code: 'HR',
  evidence: HR_EVIDENCE,
  sourceEnv: HR_SOURCES_ENV,
  create: (sources) => new CroatiaAdapter(sources),
};
