import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of PL against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const PL_EVIDENCE: CountryEvidence = {
  source: 'GUGiK ULDK (GetParcelById, GetParcelByXY as lon,lat,4326, GetParcelByIdOrNr; text); GUGiK UUG geocoder for addresses',
  capabilities: {
    byReference: {
      level: 'recorded',
      fake: 'core/countries/pl/test/fake.ts (/pl-uldk/ GetParcelById)',
      fixtures: [
        'core/countries/pl/test/recordings/pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt',
        'core/countries/pl/test/recordings/pl_uldk_krakow_126105_9.0001.311_recorded_2026-09-01.txt',
        'core/countries/pl/test/recordings/pl_uldk_getparcelbyxy_baltic_no_results.txt',
      ],
      basis: "Live recordings byte for byte; 141201_1.0001.6509 is a client test's pasted answer, replayed derived",
    },
    byCoordinates: {
      level: 'recorded',
      fake: 'core/countries/pl/test/fake.ts (/pl-uldk/ GetParcelByXY)',
      fixtures: [
        'core/countries/pl/test/recordings/pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt',
        'core/countries/pl/test/recordings/pl_uldk_getparcelbyxy_baltic_no_results.txt',
      ],
      basis: 'A point inside a recorded outline answers that recording (the XY answer has the same fields)',
    },
    byAddress: {
      level: 'documented',
      fake: 'core/countries/pl/test/fake.ts (/pl-uug/)',
      basis:
        "UUG GetAddress JSON in the shape of real answers quoted in public material (an integration guide's 'Warszawa, Stalowa 1' with its request time, keys 'found objects'/'returned objects', street with its type, jednostka in braces, x/y in EPSG:2180); one invented address",
    },
  },
  extras: {
    'municipality, voivodeship': {
      level: 'recorded',
      fake: 'core/countries/pl/test/fake.ts (/pl-uldk/)',
      fixtures: [
        'core/countries/pl/test/recordings/pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt',
        'core/countries/pl/test/recordings/pl_uldk_krakow_126105_9.0001.311_recorded_2026-09-01.txt',
      ],
    },
  },
  check: {
    ref: '141201_1.0001.6509',
    recorded: {
      areaM2: 2645,
      centre: [21.589868, 52.172007],
      municipality: 'Mińsk Mazowiecki',
      from: 'core/countries/pl/test/recordings/pl_uldk_getparcelbyid_141201_1.0001.6509_from_test.txt (outline, gmina)',
    },
    address: 'Kościuszki 1, Mińsk Mazowiecki',
  },
  references: [
    { ref: '146510_8.0309.24/35', from: 'core/countries/pl/test/recordings/pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt' },
    { ref: '126105_9.0001.311', from: 'core/countries/pl/test/recordings/pl_uldk_krakow_126105_9.0001.311_recorded_2026-09-01.txt' },
    { ref: '141201_1.0001.6509', from: 'core/countries/pl/test/recordings/pl_uldk_getparcelbyid_141201_1.0001.6509_from_test.txt' },
    { ref: '221101_1.0001.152/3', from: 'core/countries/pl/test/recordings/pl_egib_gml_dzialka_221101_1.0001.152_3.gml' },
  ],
  knownNotWorking: [
    "Address search (GUGiK UUG) is not recorded byte for byte: the real answers found are quoted inside a public guide and a client's tests whose repository the code index does not name, so the fake writes their shape. The same guide's GetAddressReverse of 'Warszawa, Stalowa 1' gives the WGS84 point its GetAddress x/y convert to exactly, which proves x/y are EPSG:2180 easting first.",
  ],
};
