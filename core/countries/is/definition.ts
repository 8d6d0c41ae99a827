import type { CountryDefinition } from '../adapter.js';
import { IcelandAdapter, IS_SOURCES_ENV } from './adapter.js';
import { IS_EVIDENCE } from './evidence.js';

/** Iceland in the registry: its adapter (an INSPIRE CP WFS profile) and the environment variables of its sources. */
export const iceland: CountryDefinition = {
  code: 'IS',
  evidence: IS_EVIDENCE,
  sourceEnv: IS_SOURCES_ENV,
  create: (sources) => new IcelandAdapter(sources),
};
