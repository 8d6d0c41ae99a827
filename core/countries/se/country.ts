import { countryRow } from '../national/country-row.js';
import { swedishBlocks } from './blocks-wfs.js';
import { SE_EVIDENCE } from './evidence.js';
import { SE_REFERENCE_HINT, parseSwedishBlock } from './reference.js';

/**
 * Sweden: agricultural blocks by id (`?country=SE`: the block id's shape is undocumented, never
 * detected) and by coordinates, with their land use (blocks-wfs.ts); no address search (422).
 */
export const sweden = countryRow({
  code: 'SE',
  name: 'Sweden',
  coverage: { byReference: true, byCoordinates: true, byAddress: false, units: false, analysis: false },
  coverageNotes: { byAddress: 'Sweden is covered by agricultural blocks, which hold no parcels at urban addresses.' },
  bounds: [10.9, 55.3, 24.2, 69.1],
  outlineId: '752',
  statusPoint: [17.6389, 59.8586],
  attribution: 'Jordbruksverket – jordbruksblock (CC BY 4.0)',
  sources: {
    /** Jordbruksverket's INSPIRE WFS (GeoServer): agricultural blocks. */
    blocksWfsUrl: { url: 'https://epub.sjv.se/inspire/inspire/wfs', env: 'CATASTRO_SE_BLOCKS_WFS_URL' },
  },
  reference: { parse: parseSwedishBlock, hint: SE_REFERENCE_HINT, detect: false },
  live: { kind: 'geojson', profile: (urls) => swedishBlocks(urls.blocksWfsUrl) },
  crs: [3006],
  evidence: SE_EVIDENCE,
});
