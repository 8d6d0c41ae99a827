import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of IT against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const IT_EVIDENCE: CountryEvidence = {
  source: 'Agenzia delle Entrate INSPIRE CP WFS (MapServer, BBOX only; EPSG:6706); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'recorded',
      fake: 'core/countries/it/test/fake.ts (/it-wfs)',
      fixtures: ['core/countries/it/test/recordings/it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml'],
      basis: 'The by-reference scan meets the recording with its comune code A000 re-labelled to I615 (same country, same parcel)',
    },
    byCoordinates: {
      level: 'recorded',
      fake: 'core/countries/it/test/fake.ts (/it-wfs)',
      fixtures: ['core/countries/it/test/recordings/it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml'],
    },
    byAddress: NOMINATIM_ADDRESSES,
  },
  extras: {
    'municipality, province': {
      level: 'documented',
      fake: 'core/countries/it/comuni-extents.ts (bundled)',
      basis: "From the bundled ISTAT table of comuni (openpolis/geojson-italy), by the reference's comune code",
    },
  },
  check: {
    ref: 'I615W000200.STRADA001',
    recorded: {
      areaM2: 4.31,
      centre: [9.130109, 39.548411],
      from: 'core/countries/it/test/recordings/it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml (outline; the comune code A000 read as I615)',
    },
    // Inside the recorded triangle; the point lookup answered the recording as it is, comune A000.
    point: [9.130109, 39.548411],
    pointAnswers: 'A000W000200.STRADA001',
    // The only Italian recording is a piece of road, which the spec never answers (rule 3): the fakes cannot prove this row.
    address: 'Via Roma 1, Senorbì',
  },
  references: [
    { ref: 'A000W000200.STRADA001', from: 'core/countries/it/test/recordings/it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml' },
    {
      ref: 'A176_003100.329',
      from: 'pigreco/download_ple_x_attributo_WFS_AdE reference/query_engine.md (commit c583cc92659b): a WFS answer of 2025-02-23 pasted, re-indented (no byte-exact recording)',
    },
    {
      ref: 'I615W000200.STRADA001',
      from: "core/countries/it/test/fake.ts (the recording it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml with its comune code A000, in no table of comuni, as Senorbì's I615: the form a lookup by reference can ask)",
    },
  ],
  knownNotWorking: [
    "By reference in large comuni: the WFS honours BBOX only (the AdE told pigreco/download_ple_x_attributo_WFS_AdE so), so a comune's extent is read page by page, at most 20 pages of 1000 parcels; a comune whose box holds more (Rome, Milan…, numberMatched on the first page) answers 422 CNV_COVERAGE at once, saying to look the parcel up by coordinates or address. Public clients instead ask a point inside the parcel of ondata/dati_catastali's Parquet index (one file per region, a third party's, not bundled) and then a tiny box.",
  ],
};
