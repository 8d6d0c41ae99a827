import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of GR against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const GR_EVIDENCE: CountryEvidence = {
  source: 'Hellenic Cadastre parcel layer (ArcGIS REST query, f=geojson); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/gr/test/fake.ts (/arcgis/gr)',
      basis: "Esri's documented query output for f=geojson written by hand; field names from SOURCES.md",
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/gr/test/fake.ts (/arcgis/gr)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '050095701001', address: 'Ερμού 10, Αθήνα' },
  references: [{ ref: '050095701001', from: 'SOURCES.md 15 (KAEK; no recording)' }],
  knownNotWorking: [
    'Only the operating cadastre (the ArcGIS Online layer GEOTEMAXIA_LEITOURGOUN_ON, SOURCES.md 15: areas where the Hellenic Cadastre is in operation): a KAEK of an area still under cadastral survey answers 404, and no public service of those areas was found. The KAEK field name is UNCERTAIN.',
    'Only with ?country=GR (spec): 12 bare digits are never detected.',
  ],
};
