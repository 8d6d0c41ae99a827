import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of NA against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const NA_EVIDENCE: CountryEvidence = {
  source: 'Navarre RRTN INSPIRE CP WFS (IDENA GeoServer) and its INSPIRE Buildings WFS for use',
  capabilities: {
    byReference: {
      level: 'recorded',
      fake: 'core/countries/na/test/fake.ts (/na-wfs)',
      fixtures: [
        'core/countries/na/test/recordings/es-na_idena-inspire-wfs_getfeature_cp_001010001.xml',
        'core/countries/na/test/recordings/es-na_rrtn_cp_gml_217050626.gml',
      ],
    },
    byCoordinates: {
      level: 'recorded',
      fake: 'core/countries/na/test/fake.ts (/na-wfs, BBOX)',
      fixtures: [
        'core/countries/na/test/recordings/es-na_idena-inspire-wfs_getfeature_cp_001010001.xml',
        'core/countries/na/test/recordings/es-na_rrtn_cp_gml_217050626.gml',
      ],
    },
  },
  extras: {
    use: {
      level: 'documented',
      fake: 'core/countries/na/test/fake.ts (buildings WFS)',
      basis: 'No Navarre buildings answer was recorded: INSPIRE Buildings GML written by hand to the schema; the service URL itself is UNCERTAIN',
    },
  },
  check: {
    ref: '001010001',
    recorded: { areaM2: 101.28, centre: [-2.141323, 42.648555], from: 'es-na_idena-inspire-wfs_getfeature_cp_001010001.xml (areaValue, outline)' },
  },
  references: [
    { ref: '001010001', from: 'core/countries/na/test/recordings/es-na_idena-inspire-wfs_getfeature_cp_001010001.xml' },
    { ref: '217050626', from: 'core/countries/na/test/recordings/es-na_rrtn_cp_gml_217050626.gml' },
  ],
  knownNotWorking: [
    "The spec's extra `address` is in no foral parcel answer: NA parcels carry use only.",
    "The use comes from Navarre's INSPIRE Buildings WFS at the CP service's host with BU for CP (CATASTRO_NA_BU_WFS_URL): SOURCES.md documents only an ATOM download of Navarre's buildings, and no public client names a buildings WFS; where it is not there, parcels answer without use (the lookup itself does not fail).",
  ],
};
