import type { CountryDefinition } from '../adapter.js';
import { CroatiaAdapter, HR_SOURCES_ENV } from './adapter.js';

/** Croatia in the registry: its adapter (DGU's GeoServer WFS as GeoJSON, by coordinates) and the environment variables of its sources. */
export const croatia: CountryDefinition = {
  code: 'HR',
  sourceEnv: HR_SOURCES_ENV,
  create: (sources) => new CroatiaAdapter(sources),
};
