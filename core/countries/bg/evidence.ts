import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of BG against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const BG_EVIDENCE: CountryEvidence = {
  source: 'AGKK cadastral parcel layer (ArcGIS REST query, f=geojson); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/bg/test/fake.ts (/arcgis/bg)',
      basis: "Esri's documented query output for f=geojson written by hand; field names from SOURCES.md",
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/bg/test/fake.ts (/arcgis/bg)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '68134.100.5', address: 'бул. Витоша 15, София' },
  references: [{ ref: '68134.100.5', from: 'SOURCES.md 15 (AGKK nationalcadastralref; recorded elsewhere, not copied)' }],
  knownNotWorking: [],
};
