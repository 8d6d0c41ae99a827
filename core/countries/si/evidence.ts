import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of SI against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const SI_EVIDENCE: CountryEvidence = {
  source: 'GURS land cadastre WFS SI.GURS.KN:PARCELE (GeoServer, application/json); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/si/test/fake.ts (/si-wfs)',
      basis: 'GeoServer GeoJSON written by hand; property names those SOURCES.md 15 lists',
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/si/test/fake.ts (/si-wfs)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  extras: {
    municipality: { level: 'documented', fake: 'core/countries/si/test/fake.ts (/si-wfs)', basis: 'As by reference' },
  },
  check: { ref: '1725-3274/13', address: 'Prešernov trg 2, Ljubljana' },
  references: [{ ref: '1725-3274/13', from: 'SOURCES.md 15 (KO and parcel; no recording)' }],
  knownNotWorking: ['The municipality: PARCELE carries the cadastral community (KO_ID) only, so parcels answer without a municipality name.'],
};
