// The root tsconfig reaches this file through tests, without the renderer's .d.ts files: the declaration named here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./world-outlines-url.d.ts" />
import worldOutlinesUrl from 'virtual:world-outlines-url';
import { loadOnce } from '../state/load-once.js';

/**
 * Country outlines from Natural Earth (world-atlas, 1:50m), bundled so the offline map has a frame
 * of reference: a GeoJSON file made at build time (scripts/vite-world-outlines.ts). The map gives
 * MapLibre its URL, so its worker fetches and parses them off the page's main thread; the search
 * box and the offline dialog read them here only where two countries' boxes overlap.
 */
export { worldOutlinesUrl };

const worldOutlines = loadOnce(async () => {
  const response = await fetch(worldOutlinesUrl);
  if (!response.ok) throw new Error(`world outlines: HTTP ${response.status}`);
  return (await response.json()) as GeoJSON.FeatureCollection;
});

export const loadWorldOutlines = worldOutlines.load;
/** The outlines once loaded, else null (callers fall back to the countries' boxes). */
export const loadedWorldOutlines = worldOutlines.loaded;
/** Re-renders the caller once the outlines have arrived. */
export const useWorldOutlines = worldOutlines.use;
