import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of LU against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const LU_EVIDENCE: CountryEvidence = {
  source: 'ACT INSPIRE CP WFS (GeoServer, application/json); geoportail.lu geocode and reverse geocode',
  capabilities: {
    byReference: {
      level: 'recorded',
      fake: 'core/countries/lu/test/fake.ts (/lu-wfs)',
      fixtures: [
        'core/countries/lu/test/recordings/lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json',
        'core/countries/lu/test/recordings/lu_inspire_cp_wfs_getfeature_bbox_esch_039A.json',
      ],
      basis: 'No filtered answer was recorded: a filter naming a recorded parcel answers its recorded BBOX answer',
    },
    byCoordinates: {
      level: 'recorded',
      fake: 'core/countries/lu/test/fake.ts (/lu-wfs)',
      fixtures: [
        'core/countries/lu/test/recordings/lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json',
        'core/countries/lu/test/recordings/lu_inspire_cp_wfs_getfeature_bbox_esch_039A.json',
      ],
    },
    byAddress: {
      level: 'recorded',
      fake: 'core/countries/lu/test/fake.ts (/lu-geocoder)',
      fixtures: [
        'core/countries/lu/test/recordings/lu_geoportail_geocode_2_boulevard_royal.json',
        'core/countries/lu/test/recordings/lu_geoportail_geocode_no_results.json',
        'core/countries/lu/test/recordings/lu_geoportail_reverse_boulevard_prince_henri.json',
      ],
    },
  },
  check: {
    ref: '075F00137000000',
    recorded: {
      areaM2: 140.92,
      centre: [6.129276, 49.611834],
      from: 'core/countries/lu/test/recordings/lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json (areaValue, outline)',
    },
    address: '2 boulevard Royal luxembourg',
  },
  references: [
    { ref: '075F00137000000', from: 'core/countries/lu/test/recordings/lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json' },
    { ref: '039A00606016640', from: 'core/countries/lu/test/recordings/lu_inspire_cp_wfs_getfeature_bbox_esch_039A.json' },
  ],
  knownNotWorking: ['Attribute filters on the WFS are UNCERTAIN (SOURCES.md).'],
};
