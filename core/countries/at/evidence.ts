import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of AT against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const AT_EVIDENCE: CountryEvidence = {
  source: 'BEV Katasterservice JSON API (kataster.bev.gv.at, undocumented); BEV INSPIRE CP WMS GetFeatureInfo by point; Nominatim for addresses',
  capabilities: {
    byReference: { level: 'hand-written', fake: 'test/fake-upstream/countries/at-katasterservice.ts (/at-kataster/api/gst)', basis: 'No documentation and no recording: the format public client code reads (openatlas cadaster.py); outlines of Umbach from hale\'s real DKM sample' },
    byCoordinates: { level: 'documented', fake: 'test/fake-upstream/countries/be-ch-at.ts (/at-wms)', basis: 'GeoServer GetFeatureInfo JSON (inspireId only, as SOURCES.md 15 reports), then the Katasterservice record' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  extras: {
    'municipality, use': { level: 'hand-written', fake: 'test/fake-upstream/countries/at-katasterservice.ts (/api/gst, /api/search)', basis: 'nutzungen and pg as client code reads them; the split into land uses made up' },
  },
  references: [
    { ref: '14168-.5/1', from: 'SOURCES.md 8 (Umbach building plot; outline from hale\'s DKM sample)' },
    { ref: '01004-1711', from: 'SOURCES.md 15 (from a BEV inspireId; no recording)' },
  ],
  knownNotWorking: [
    'The Katasterservice is undocumented: its outline\'s axis order (read as lon/lat), the form of `bl` and its error status are UNCERTAIN.',
  ],
};
