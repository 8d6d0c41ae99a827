import { type CountryEvidence, INSPIRE_CP_BY_HAND, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of SK against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const SK_EVIDENCE: CountryEvidence = {
  source: 'ÚGKK INSPIRE CP WFS (EPSG:5514, FES filter on nationalCadastralReference); Nominatim for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'test/fake-upstream/countries/inspire-sk-li-is-uk.ts (/sk-wfs)', basis: INSPIRE_CP_BY_HAND },
    byCoordinates: { level: 'documented', fake: 'test/fake-upstream/countries/inspire-sk-li-is-uk.ts (/sk-wfs, BBOX)', basis: INSPIRE_CP_BY_HAND },
    byAddress: NOMINATIM_ADDRESSES,
  },
  references: [
    { ref: '804959_2158/2.C', from: 'SOURCES.md 15 (ÚGKK nationalCadastralReference; no recording)' },
    { ref: '804959_503.E', from: 'SOURCES.md 15 (register E; no recording)' },
  ],
  knownNotWorking: [
    'Nothing of ÚGKK\'s WFS was recorded: its filter on nationalCadastralReference and its register-E parcels are unproven.',
  ],
};
