import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of NO against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const NO_EVIDENCE: CountryEvidence = {
  source: 'Kartverket eiendomskart WFS (app:Teig); Kartverket address API (adresser/sok)',
  capabilities: {
    byReference: { level: 'documented', fake: 'test/fake-upstream/countries/norway.ts (/no-teig)', basis: 'WFS 2.0 app:Teig written by hand to Kartverket\'s schema' },
    byCoordinates: { level: 'documented', fake: 'test/fake-upstream/countries/norway.ts (/no-teig)', basis: 'As by reference' },
    byAddress: { level: 'documented', fake: 'test/fake-upstream/countries/norway.ts (/no-adresser/sok)', basis: 'The address API\'s documented {metadata, adresser[]} written by hand' },
  },
  extras: {
    'municipality': { level: 'documented', fake: 'test/fake-upstream/countries/norway.ts (/no-teig)', basis: 'As by reference' },
  },
  references: [
    { ref: '0301-208/646', from: 'SOURCES.md 15 (matrikkelnummer; no recording)' },
  ],
  knownNotWorking: [
    'The Teig property\'s namespace is not known: the property is found without it (UNCERTAIN).',
  ],
};
