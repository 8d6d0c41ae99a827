import type { CountryDefinition } from '../adapter.js';
import { PortugalAdapter, PT_SOURCES_ENV } from './adapter.js';
import { PT_EVIDENCE } from './evidence.js';

/** Portugal in the registry: its adapter (DGT's GeoServer WFS as GeoJSON) and the environment variables of its sources. */
export const portugal: CountryDefinition = {
  code: 'PT',
  evidence: PT_EVIDENCE,
  sourceEnv: PT_SOURCES_ENV,
  create: (sources) => new PortugalAdapter(sources),
};
