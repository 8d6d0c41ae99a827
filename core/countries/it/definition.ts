import type { CountryDefinition } from '../adapter.js';
import { ItalyAdapter, IT_SOURCES_ENV } from './adapter.js';
import { IT_EVIDENCE } from './evidence.js';

/** Italy in the registry: its adapter (an INSPIRE CP WFS profile) and the environment variables of its sources. */
export const italy: CountryDefinition = {
  code: 'IT',
  evidence: IT_EVIDENCE,
  sourceEnv: IT_SOURCES_ENV,
  create: (sources) => new ItalyAdapter(sources),
};
