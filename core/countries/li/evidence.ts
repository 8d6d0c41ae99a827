import { type CountryEvidence, INSPIRE_CP_BY_HAND, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of LI against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const LI_EVIDENCE: CountryEvidence = {
  source:
    'No public parcel service found: an INSPIRE CP WFS only where CATASTRO_LI_CP_WFS_URL names one (ETRS89, FES filter), else 422; Nominatim for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'core/countries/li/test/fake.ts (/li-wfs)', basis: INSPIRE_CP_BY_HAND },
    byCoordinates: { level: 'documented', fake: 'core/countries/li/test/fake.ts (/li-wfs, BBOX)', basis: INSPIRE_CP_BY_HAND },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '7011-1234', address: 'Städtle 10, Vaduz' },
  references: [{ ref: '7011-1234', from: 'core/countries/li/reference.ts (expected form; no Liechtenstein reference is in SOURCES.md)' }],
  knownNotWorking: [
    "No public Liechtenstein parcel service was found (searched: SOURCES.md, whose one note that geo.admin.ch also serves LI is unconfirmed, and the code index): by reference and by coordinates answer 422 CNV_COVERAGE saying so, and ask nothing, unless CATASTRO_LI_CP_WFS_URL names an INSPIRE CP WFS. The reference form (Gemeinde number-Grundstücknummer) is the adapter's expectation: no real Liechtenstein reference was seen.",
  ],
};
