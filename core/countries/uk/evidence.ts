import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of UK against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const UK_EVIDENCE: CountryEvidence = {
  source:
    'Scotland: Registers of Scotland INSPIRE CP WMS GetFeatureInfo (EPSG:27700, JSON); England and Wales: HM Land Registry INSPIRE Index Polygons imported offline (GML per local authority, OGL); Nominatim for addresses (Scotland only)',
  capabilities: {
    byCoordinates: {
      level: 'documented',
      fake: 'core/countries/uk/test/fake.ts (/uk-wms, GetFeatureInfo)',
      fixtures: ['core/countries/uk/test/recordings/uk_hmlr_inspire_vale_of_glamorgan_sample.gml'],
      basis:
        "England and Wales: a real slice of Vale of Glamorgan's INSPIRE Index Polygons file, imported and judged against GDAL (core/countries/uk/test/uk.test.ts). Scotland: no RoS answer was recorded; the WMS answer is written by hand in GeoServer's GetFeatureInfo JSON, the request and the `inspireid` property as public clients send and read them",
    },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '5503317', point: [-3.1883, 55.9533], address: '1 High Street, Edinburgh' },
  references: [
    { ref: '16721537', from: 'core/countries/uk/test/recordings/uk_hmlr_inspire_vale_of_glamorgan_sample.gml' },
    { ref: '5503317', from: 'core/countries/uk/test/fake.ts (a made-up RoS INSPIRE id; none was seen)' },
  ],
  knownNotWorking: [
    'Scotland: no answer of the RoS WMS was recorded: the name of its id property (`inspireid`, either case) is what public clients read (UNCERTAIN).',
    "England and Wales: answered only where the local authority's INSPIRE Index Polygons file was imported (catastro import <authority>.zip); elsewhere 422 saying which file to import. The polygons hold registered freehold titles only.",
    'Northern Ireland: 422: Land & Property Services publishes no open parcels.',
    'Addresses are searched in Scotland only (spec).',
  ],
};
