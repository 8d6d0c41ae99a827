import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of EE against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const EE_EVIDENCE: CountryEvidence = {
  source: 'Maa-amet INSPIRE CP WFS (GeoServer, application/json); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/ee/test/fake.ts (/ee-wfs)',
      basis: 'GeoServer GeoJSON written by hand; property names those SOURCES.md 15 lists',
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/ee/test/fake.ts (/ee-wfs)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  extras: {
    municipality: { level: 'documented', fake: 'core/countries/ee/test/fake.ts (/ee-wfs)', basis: 'As by reference' },
  },
  check: { ref: '78401:114:0086', address: 'Raekoja plats 1, Tallinn' },
  references: [{ ref: '78401:114:0086', from: 'SOURCES.md 15 (tunnus; no recording)' }],
  knownNotWorking: [
    "Attribute names read are the filter's and the INSPIRE model's, lower-cased as GeoServer publishes them (UNCERTAIN).",
    "The municipality: the INSPIRE parcel carries none, so parcels answer without it (the tunnus's first five digits are a cadastral unit code, not a municipality name).",
  ],
};
