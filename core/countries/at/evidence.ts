import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of AT against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const AT_EVIDENCE: CountryEvidence = {
  source:
    'BEV Katasterservice JSON API (kataster.bev.gv.at, undocumented); BEV DKM WMS GetFeatureInfo (BEVdataKAT, layer DKM_GST: KG, GNR) by point, BEV INSPIRE CP WMS when it fails; Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'hand-written',
      fake: 'core/countries/at/test/katasterservice-fake.ts (/at-kataster/api/gst)',
      basis: "No documentation and no recording: the format public client code reads (openatlas cadaster.py); outlines of Umbach from hale's real DKM sample",
    },
    byCoordinates: {
      level: 'documented',
      fake: 'core/countries/at/test/fake.ts (/at-dkm-wms, /at-wms)',
      basis:
        "GeoServer GetFeatureInfo JSON: DKM_GST with the KG and GNR public clients read (a geothermal planning app's ArcGIS JS client), the INSPIRE layer with an inspireId only (SOURCES.md 15); then the Katasterservice record",
    },
    byAddress: NOMINATIM_ADDRESSES,
  },
  extras: {
    'municipality, use': {
      level: 'hand-written',
      fake: 'core/countries/at/test/katasterservice-fake.ts (/api/gst, /api/search)',
      basis: 'nutzungen and pg as client code reads them; the split into land uses made up',
    },
  },
  references: [
    { ref: '14168-.5/1', from: "SOURCES.md 8 (Umbach building plot; outline from hale's DKM sample)" },
    { ref: '01004-1711', from: 'SOURCES.md 15 (from a BEV inspireId; no recording)' },
  ],
  knownNotWorking: [
    "The Katasterservice is undocumented and no public repository holds an answer of it (searched: openatlas, the geothermal planning app's clients, the code index for its `nutzungen`/`rstatus` fields), so by reference and its extras stay hand-written: its outline's axis order (read as lon/lat), the form of `bl` and its error status are UNCERTAIN. Its base path follows the two clients that ask the host's root (`/api/gst/{KG}/{GNR}`); one client asks under `/at.gv.bev.kataster`.",
    "Only when the DKM WMS fails is a point read from the INSPIRE WMS, whose inspireId's form for split numbers is unknown: such a parcel is answered without the Katasterservice's record when its reading does not hold the point.",
  ],
};
