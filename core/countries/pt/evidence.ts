import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of PT against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const PT_EVIDENCE: CountryEvidence = {
  source: 'DGT INSPIRE CP WFS (GeoServer, application/json); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/pt/test/fake.ts (/pt-wfs)',
      basis: 'GeoServer GeoJSON output written by hand; property names UNCERTAIN',
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/pt/test/fake.ts (/pt-wfs)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  extras: {
    municipality: {
      level: 'documented',
      fake: 'core/countries/pt/test/fake.ts (/pt-wfs)',
      basis: '`municipio` property as written by hand (UNCERTAIN)',
    },
  },
  check: { ref: 'AAA000336903', address: 'Rua Barão de Viamonte 5, Leiria' },
  references: [{ ref: 'AAA000336903', from: 'SOURCES.md 15 (DGT nationalcadastralreference; no recording)' }],
  knownNotWorking: [
    'No Lisbon, Porto or Coimbra (spec: partial).',
    'The DGT property names are UNCERTAIN; the official source is often down.',
    'The municipality is read from a `municipio` property that no public client or recording shows on the INSPIRE layer: where the answer lacks it, parcels answer without a municipality.',
  ],
};
