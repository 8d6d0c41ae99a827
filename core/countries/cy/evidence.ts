import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of CY against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const CY_EVIDENCE: CountryEvidence = {
  source: 'DLS INSPIRE CP layer (ArcGIS REST query, f=geojson); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/cy/test/fake.ts (/arcgis/cy)',
      basis: "Esri's documented query output for f=geojson written by hand; field names from SOURCES.md",
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/cy/test/fake.ts (/arcgis/cy)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '1-21/43-0-123', address: 'Λεωφόρος Μακαρίου Γ΄, Λευκωσία' },
  references: [{ ref: '1-21/43-0-123', from: "core/countries/cy/reference.ts (invented from one client's parser: no real reference was seen)" }],
  knownNotWorking: [
    "The reference shape is invented from one client's parser (plot-finder splits nationalCadastralRef on `-` and `/`): no real Cypriot reference, and no DLS page stating its form, was found (searched: SOURCES.md 15, the code index; one public guide names only the DLS CadastralMap_EN MapServer and its Plots layer, without an example). A reference of another form answers 400 with the hint; one of this form that DLS writes otherwise answers 404.",
    'The area field is UNCERTAIN.',
  ],
};
