import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of IE against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const IE_EVIDENCE: CountryEvidence = {
  source: 'Tailte Éireann freehold and leasehold layers (ArcGIS REST query, f=geojson); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/ie/test/fake.ts (/arcgis/ie)',
      basis: "Esri's documented query output for f=geojson written by hand; field names from SOURCES.md",
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/ie/test/fake.ts (/arcgis/ie)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  extras: {
    county: { level: 'documented', fake: 'core/countries/ie/test/fake.ts (/arcgis/ie)', basis: 'As by reference' },
  },
  check: { ref: '2577972', address: '1 Dame Street, Dublin' },
  references: [{ ref: '2577972', from: 'SOURCES.md 15 (SP_ID; no recording)' }],
  knownNotWorking: [
    'Only with ?country=IE and the numeric plot id (spec).',
    "The county comes from the open geocoder's address only: a parcel found by reference or coordinates answers without it (the Tailte Éireann layers carry no county field in any public client).",
  ],
};
