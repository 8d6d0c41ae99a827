import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of PL against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const PL_EVIDENCE: CountryEvidence = {
  source: 'GUGiK ULDK (GetParcelById, GetParcelByXY as lon,lat,4326, GetParcelByIdOrNr; text); GUGiK UUG geocoder for addresses',
  capabilities: {
    byReference: {
      level: 'recorded',
      fake: 'test/fake-upstream/countries/pl.ts (/pl-uldk/ GetParcelById)',
      fixtures: [
        'countries/pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt',
        'countries/pl_uldk_krakow_126105_9.0001.311_recorded_2026-09-01.txt',
        'countries/pl_uldk_getparcelbyxy_baltic_no_results.txt',
      ],
      basis: "Live recordings byte for byte; 141201_1.0001.6509 is a client test's pasted answer, replayed derived",
    },
    byCoordinates: {
      level: 'recorded',
      fake: 'test/fake-upstream/countries/pl.ts (/pl-uldk/ GetParcelByXY)',
      fixtures: ['countries/pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt', 'countries/pl_uldk_getparcelbyxy_baltic_no_results.txt'],
      basis: 'A point inside a recorded outline answers that recording (the XY answer has the same fields)',
    },
    byAddress: {
      level: 'hand-written',
      fake: 'test/fake-upstream/countries/pl.ts (/pl-uug/)',
      basis: 'UUG GetAddress JSON as kadyb/rgugik reads it; one invented address',
    },
  },
  extras: {
    'municipality, voivodeship': {
      level: 'recorded',
      fake: 'test/fake-upstream/countries/pl.ts (/pl-uldk/)',
      fixtures: [
        'countries/pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt',
        'countries/pl_uldk_krakow_126105_9.0001.311_recorded_2026-09-01.txt',
      ],
    },
  },
  references: [
    { ref: '146510_8.0309.24/35', from: 'countries/pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt' },
    { ref: '126105_9.0001.311', from: 'countries/pl_uldk_krakow_126105_9.0001.311_recorded_2026-09-01.txt' },
    { ref: '141201_1.0001.6509', from: 'countries/pl_uldk_getparcelbyid_141201_1.0001.6509_from_test.txt' },
    { ref: '221101_1.0001.152/3', from: 'countries/pl_egib_gml_dzialka_221101_1.0001.152_3.gml' },
  ],
  knownNotWorking: [
    "Address search (GUGiK UUG) stays hand-written: no recorded answer or published schema of GetAddress was found (its answer shape is read from kadyb/rgugik's client code; the ULDK recordings of the same operator hold no address).",
  ],
};
