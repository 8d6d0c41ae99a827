import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of BE against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const BE_EVIDENCE: CountryEvidence = {
  source: 'FPS Finance CadGIS INSPIRE CP layer (ArcGIS REST query, f=geojson; slow); Nominatim for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/be/test/fake.ts (/be-cadgis/query)',
      basis: "Esri's documented query output written by hand",
    },
    byCoordinates: { level: 'documented', fake: 'core/countries/be/test/fake.ts (/be-cadgis/query)', basis: 'As by reference, answered 2 s late' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '21004C0512/00B000', address: 'Grand-Place 1, Bruxelles' },
  references: [
    { ref: '11803C2116/00_000', from: 'SOURCES.md 15 (CAPAKEY; no recording)' },
    { ref: '11803C2165/00M000', from: 'SOURCES.md 15 (CAPAKEY; no recording)' },
    { ref: '21004C0512/00B000', from: "core/countries/be/test/fake.ts (made up in the CAPAKEY form: the fake's Brussels parcel; none was recorded)" },
  ],
  knownNotWorking: [
    "By reference the layer is asked `where=nationalCadastralRef='<CaPaKey>'`, the one client's filter (plot-finder); no recorded answer shows the field's name or that CadGIS honours the filter: where it does not, a lookup by reference answers 404 while the same parcel answers by coordinates. The area field read (areaValue) is UNCERTAIN.",
  ],
};
