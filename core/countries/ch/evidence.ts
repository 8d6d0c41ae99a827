import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of CH against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const CH_EVIDENCE: CountryEvidence = {
  source: 'geo.admin.ch MapServer find/identify (ch.kantone.cadastralwebmap-farbe) and SearchServer',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/ch/test/fake.ts (/ch-mapserver/find)',
      basis: "geo.admin.ch's documented {results:[…]} GeoJSON written by hand",
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/ch/test/fake.ts (/ch-mapserver/identify)', basis: 'As by reference' },
    byAddress: {
      level: 'documented',
      fake: 'core/countries/ch/test/fake.ts (/ch-search)',
      basis: 'SearchServer attrs as documented, written by hand',
    },
  },
  extras: {
    canton: {
      level: 'documented',
      fake: 'core/countries/ch/test/fake.ts (/ch-mapserver/identify)',
      basis: "The cantons layer's ak and name (UNCERTAIN)",
    },
  },
  check: { ref: 'CH119192997709', address: 'Bundesplatz 3, Bern' },
  references: [{ ref: 'CH119192997709', from: 'SOURCES.md 15 (EGRID; no recording)' }],
  knownNotWorking: ['Cantons that publish no parcels have none (spec).'],
};
