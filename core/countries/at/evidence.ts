import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of AT against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const AT_EVIDENCE: CountryEvidence = {
  source:
    'BEV DKM WMS GetFeatureInfo (BEVdataKAT, layer DKM_GST: KG, GNR) by point, BEV INSPIRE CP WMS when it fails; BEV Katasterservice JSON API (undocumented) only where CATASTRO_AT_KATASTER_URL names it; Nominatim for addresses',
  capabilities: {
    byCoordinates: {
      level: 'documented',
      fake: 'core/countries/at/test/fake.ts (/at-dkm-wms, /at-wms)',
      basis:
        "GeoServer GetFeatureInfo JSON: DKM_GST with the KG and GNR public clients read (a geothermal planning app's ArcGIS JS client), the INSPIRE layer with an inspireId only (SOURCES.md 15)",
    },
    byAddress: NOMINATIM_ADDRESSES,
  },
  // No lookup by reference (docs/coverage.md): the point of Stephansplatz, the status page's.
  check: { ref: '01004-1711', point: [16.3725, 48.2083], address: 'Stephansplatz 3, Wien' },
  references: [
    { ref: '14168-.5/1', from: "SOURCES.md 8 (Umbach building plot; outline from hale's DKM sample)" },
    { ref: '01004-1711', from: 'SOURCES.md 15 (from a BEV inspireId; no recording)' },
  ],
  knownNotWorking: [
    "By reference: 422 CNV_COVERAGE saying to look the parcel up by coordinates or address (then it is kept and answers by reference). The one service that finds an Austrian parcel by KG and GNR, BEV's Katasterservice (kataster.bev.gv.at/api/gst), is undocumented and no answer of it was ever published (searched: the code index for `api/gst`, `at.gv.bev.kataster`, `nutzungen`, `rstatus`, 'Grundstück nicht vorhanden'; issue threads; stored pages for BEV's Katasterservice and its product descriptions; openatlas, the geothermal planning app, two Next.js/Node clients and a BEV vector-tile client, whose tests answer made-up values). Public clients disagree on its base path (the host's root or `/at.gv.bev.kataster`), and the vector-tile client reads its geometry as the parcel's bounding rectangle, not its outline. It is asked only where CATASTRO_AT_KATASTER_URL names it (its fake, katasterservice-fake.ts, is hand-written).",
    "The spec's extras municipality and use come only from the Katasterservice: by default an Austrian parcel answers without them (the DKM WMS names KG and GNR only).",
    "Only when the DKM WMS fails is a point read from the INSPIRE WMS, whose inspireId's form for split numbers is unknown.",
  ],
};
