import { loadOnce } from '../state/load-once.js';

/**
 * What needs proj4 (about 130 KiB with its WKT parser, before minification): the panel's UTM
 * line, UTM search and the Swiss and Czech viewer links (core/countries/official-viewers.ts, in
 * national grids). A chunk of its own, fetched after the parcels are drawn or when first needed,
 * so it is not on the map's load path (test/unit/renderer/first-chunk.test.ts checks).
 */
export const projections = loadOnce(async () => {
  const [utm, viewers] = await Promise.all([import('./utm.js'), import('../../core/countries/official-viewers.js')]);
  return { toUtm: utm.toUtm, fromUtm: utm.fromUtm, officialViewerLink: viewers.officialViewerLink };
});
