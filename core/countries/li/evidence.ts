import { type CountryEvidence, INSPIRE_CP_BY_HAND, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of LI against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const LI_EVIDENCE: CountryEvidence = {
  source: 'An INSPIRE CP WFS at the national geodata host (ETRS89, FES filter); Nominatim for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'test/fake-upstream/countries/inspire-sk-li-is-uk.ts (/li-wfs)', basis: INSPIRE_CP_BY_HAND },
    byCoordinates: { level: 'documented', fake: 'test/fake-upstream/countries/inspire-sk-li-is-uk.ts (/li-wfs, BBOX)', basis: INSPIRE_CP_BY_HAND },
    byAddress: NOMINATIM_ADDRESSES,
  },
  references: [
    { ref: '7011-1234', from: 'core/countries/li/reference.ts (expected form; no Liechtenstein reference is in SOURCES.md)' },
  ],
  knownNotWorking: [
    'Guessed service: no Liechtenstein service or reference appears in SOURCES.md; its URL and reference form are UNCERTAIN.',
  ],
};
