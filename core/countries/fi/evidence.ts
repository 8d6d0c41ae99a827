import { type CountryEvidence, INSPIRE_CP_BY_HAND, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of FI against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const FI_EVIDENCE: CountryEvidence = {
  source: 'Maanmittauslaitos INSPIRE CP WFS (EPSG:3067); Nominatim for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'core/countries/fi/test/fake.ts (/fi-wfs)', basis: INSPIRE_CP_BY_HAND },
    byCoordinates: { level: 'documented', fake: 'core/countries/fi/test/fake.ts (/fi-wfs)', basis: INSPIRE_CP_BY_HAND },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '91-410-3-44', address: 'Aleksanterinkatu 20, Helsinki' },
  references: [
    { ref: '91-410-3-44', from: 'SOURCES.md 10 (kiinteistötunnus; no recording)' },
    { ref: '09141000030044', from: 'SOURCES.md 10 (long form; no recording)' },
  ],
  knownNotWorking: ['Which form of the kiinteistötunnus the WFS writes as nationalCadastralReference is UNCERTAIN (both are asked).'],
};
