import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of SE against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const SE_EVIDENCE: CountryEvidence = {
  source: 'Jordbruksverket agricultural blocks WFS (GeoServer, application/json)',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/se/test/fake.ts (/se-wfs)',
      basis: 'GeoServer GeoJSON written by hand; blockid/agoslag/areal as SOURCES.md names them',
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/se/test/fake.ts (/se-wfs)', basis: 'As by reference' },
  },
  extras: {
    'land use': { level: 'documented', fake: 'core/countries/se/test/fake.ts (/se-wfs)', basis: 'As by reference' },
  },
  check: { ref: '1264A7F3C' },
  references: [{ ref: '1264A7F3C', from: 'core/countries/se/test/fake.ts (a made-up block id; the shape is undocumented)' }],
  knownNotWorking: [
    "Agricultural blocks only (Jordbruksverket), asked with ?country=SE: Lantmäteriet's property register needs OAuth credentials (SOURCES.md 12, 15). The block id's shape was found in no public client or document: the reference rule accepts 4 to 16 letters and digits (the fake's id is made up), so a real block id of another form would answer 400.",
  ],
};
