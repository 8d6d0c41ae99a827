import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of LT against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const LT_EVIDENCE: CountryEvidence = {
  source: 'Lithuania INSPIRE CP WFS (GeoServer, application/json); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/lt/test/fake.ts (/lt-wfs)',
      basis: 'GeoServer GeoJSON written by hand; property names those SOURCES.md 15 lists',
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/lt/test/fake.ts (/lt-wfs)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '0101/0039:1406', address: 'Gedimino prospektas 11, Vilnius' },
  references: [{ ref: '0101/0039:1406', from: 'SOURCES.md 15 (kadastro numeris; no recording)' }],
  knownNotWorking: ["Attribute names read are the filter's and the INSPIRE model's, lower-cased as GeoServer publishes them (UNCERTAIN)."],
};
