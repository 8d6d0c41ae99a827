import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of LV against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const LV_EVIDENCE: CountryEvidence = {
  source: 'VZD parcels WFS on Geolatvija (GeoServer, application/json); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/lv/test/fake.ts (/lv-wfs)',
      basis: 'GeoServer GeoJSON written by hand; property names those SOURCES.md 15 lists',
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/lv/test/fake.ts (/lv-wfs)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '01000070162', address: 'Pils iela 3, Rīga' },
  references: [{ ref: '01000070162', from: 'SOURCES.md 15 (kadastra apzīmējums; no recording)' }],
  knownNotWorking: ['Bare digits need ?country=LV (spec): detection never claims them.'],
};
