import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of HR against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const HR_EVIDENCE: CountryEvidence = {
  source: 'DGU INSPIRE CP WFS (GeoServer, application/json)',
  capabilities: {
    byCoordinates: {
      level: 'documented',
      fake: 'core/countries/hr/test/fake.ts (/hr-wfs)',
      basis: 'GeoServer GeoJSON written by hand; MATICNI_BROJ_KO/BROJ_CESTICE as SOURCES.md names them',
    },
  },
  extras: {
    municipality: { level: 'documented', fake: 'core/countries/hr/test/fake.ts (/hr-wfs)', basis: 'As by coordinates' },
  },
  check: { ref: '335240-2379', point: [15.9819, 45.815] },
  references: [{ ref: '335240-2379', from: 'SOURCES.md 15 (k.o. and k.č.; no recording)' }],
  knownNotWorking: [
    'No lookup by reference and no address search (spec).',
    'The municipality: the simple `cp_wms:CP.CadastralParcel` type carries the cadastral municipality number (MATICNI_BROJ_KO) only, so parcels answer without a municipality name.',
  ],
};
