import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of PV against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const PV_EVIDENCE: CountryEvidence = {
  source: 'The foral INSPIRE CP services: Bizkaia (municipal ATOM GML), Gipuzkoa b5m WFS, Álava GeoAraba WFS; their INSPIRE Buildings WFS for use',
  capabilities: {
    byReference: {
      level: 'recorded',
      fake: 'core/countries/pv/test/fake.ts (/pv-*)',
      fixtures: [
        'core/countries/pv/test/recordings/es-pv_bizkaia-inspire_cp_48.020.1619.04006.gml',
        'core/countries/pv/test/recordings/es-pv_gipuzkoa-b5m-wfs_getfeature_cp_8594149.xml',
        'core/countries/pv/test/recordings/es-pv_araba-geoaraba-wfs_getfeature_cp_64010007.xml',
      ],
    },
    byCoordinates: {
      level: 'recorded',
      fake: 'core/countries/pv/test/fake.ts (/pv-*, BBOX)',
      fixtures: [
        'core/countries/pv/test/recordings/es-pv_gipuzkoa-b5m-wfs_getfeature_cp_8594149.xml',
        'core/countries/pv/test/recordings/es-pv_araba-geoaraba-wfs_getfeature_cp_64010007.xml',
      ],
    },
  },
  extras: {
    use: {
      level: 'documented',
      fake: 'core/countries/pv/test/fake.ts (buildings WFS)',
      basis: 'No foral buildings answer was recorded: INSPIRE Buildings (bu-core2d) GML written by hand to the schema, on the recorded parcels',
    },
  },
  check: {
    ref: '8594149',
    recorded: { areaM2: 13201, centre: [-1.943934, 43.294579], from: 'es-pv_gipuzkoa-b5m-wfs_getfeature_cp_8594149.xml (area, outline)' },
  },
  references: [
    { ref: '48.020.1619.04006', from: 'core/countries/pv/test/recordings/es-pv_bizkaia-inspire_cp_48.020.1619.04006.gml' },
    { ref: '8594149', from: 'core/countries/pv/test/recordings/es-pv_gipuzkoa-b5m-wfs_getfeature_cp_8594149.xml' },
    { ref: '64010007', from: 'core/countries/pv/test/recordings/es-pv_araba-geoaraba-wfs_getfeature_cp_64010007.xml' },
  ],
  knownNotWorking: [
    "The spec's extra `address` is in no foral parcel answer: PV parcels carry use only.",
    'Addresses are searched with country=ES (CartoCiudad), as the spec says.',
  ],
};
