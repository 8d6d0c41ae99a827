import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of NO against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const NO_EVIDENCE: CountryEvidence = {
  source: 'Kartverket eiendomskart WFS (app:Teig); Kartverket address API (adresser/sok)',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/no/test/fake.ts (/no-teig)',
      basis: "WFS 2.0 app:Teig written by hand to Kartverket's schema",
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/no/test/fake.ts (/no-teig)', basis: 'As by reference' },
    byAddress: {
      level: 'documented',
      fake: 'core/countries/no/test/fake.ts (/no-adresser/sok)',
      basis: "The address API's documented {metadata, adresser[]} written by hand",
    },
  },
  extras: {
    municipality: { level: 'documented', fake: 'core/countries/no/test/fake.ts (/no-teig)', basis: 'As by reference' },
  },
  check: { ref: '0301-208/646', address: 'Karl Johans gate 22, Oslo' },
  references: [{ ref: '0301-208/646', from: 'SOURCES.md 15 (matrikkelnummer; no recording)' }],
  knownNotWorking: [
    "By reference the property is found through the address register (adresser/sok by kommunenummer, gardsnummer, bruksnummer) and its teig asked at the address point: the Teig WFS's own attribute filter (a POST fes:PropertyIsEqualTo on app:matrikkelenhet, SOURCES.md 15) needs the `app` namespace, not known here, and this client only GETs. A property without an address (fields, forest) answers 404 saying so.",
    "The municipality is only on address candidates (the address register's `kommunenavn`): a parcel found by reference or by coordinates answers without it, the teig carrying the kommunenummer only.",
  ],
};
