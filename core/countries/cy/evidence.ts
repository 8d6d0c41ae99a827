import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of CY against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const CY_EVIDENCE: CountryEvidence = {
  source: 'DLS INSPIRE CP layer (ArcGIS REST query, f=geojson); Nominatim for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'test/fake-upstream/countries/arcgis.ts (/arcgis/cy)', basis: 'Esri\'s documented query output for f=geojson written by hand; field names from SOURCES.md' },
    byCoordinates: { level: 'documented', fake: 'test/fake-upstream/countries/arcgis.ts (/arcgis/cy)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  references: [
    { ref: '1-21/43-0-123', from: 'core/countries/cy/reference.ts (invented from one client\'s parser: no real reference was seen)' },
  ],
  knownNotWorking: [
    'The reference shape is invented from one client\'s parser: no real Cypriot reference was seen.',
    'The area field is UNCERTAIN.',
  ],
};
