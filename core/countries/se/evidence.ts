import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of SE against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const SE_EVIDENCE: CountryEvidence = {
  source: 'Jordbruksverket agricultural blocks WFS (GeoServer, application/json)',
  capabilities: {
    byReference: { level: 'documented', fake: 'test/fake-upstream/countries/geoserver-json.ts (/se-wfs)', basis: 'GeoServer GeoJSON written by hand; blockid/agoslag/areal as SOURCES.md names them' },
    byCoordinates: { level: 'documented', fake: 'test/fake-upstream/countries/geoserver-json.ts (/se-wfs)', basis: 'As by reference' },
  },
  extras: {
    'land use': { level: 'documented', fake: 'test/fake-upstream/countries/geoserver-json.ts (/se-wfs)', basis: 'As by reference' },
  },
  references: [
    { ref: '1264A7F3C', from: 'test/fake-upstream/countries/geoserver-json.ts (a made-up block id; the shape is undocumented)' },
  ],
  knownNotWorking: [
    'Agricultural blocks only, asked with ?country=SE; the block id\'s shape is undocumented (UNCERTAIN).',
  ],
};
