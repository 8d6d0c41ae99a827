import type { CountryDefinition } from '../adapter.js';
import { SpainAdapter } from './adapter.js';
import { ES_EVIDENCE } from './evidence.js';

/** Spain in the registry: its adapter and the environment variables of its sources' base URLs. */
export const spain: CountryDefinition = {
  code: 'ES',
  evidence: ES_EVIDENCE,
  sourceEnv: {
    ovcJsonBaseUrl: 'CATASTRO_ES_OVC_URL',
    wfsCpUrl: 'CATASTRO_ES_WFS_URL',
    cartociudadBaseUrl: 'CATASTRO_CARTOCIUDAD_URL',
    callejeroBaseUrl: 'CATASTRO_CALLEJERO_URL',
    atomBaseUrl: 'CATASTRO_ES_ATOM_URL',
  },
  create: (sources) => new SpainAdapter(sources),
};
