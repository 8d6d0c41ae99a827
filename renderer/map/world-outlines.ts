import { feature } from 'topojson-client';
import { loadOnce } from '../state/load-once.js';

/**
 * Country outlines from Natural Earth (world-atlas, 1:50m), bundled so the offline map has a frame
 * of reference. A chunk of their own, fetched after the first paint: 0.75 MB of JSON in the entry
 * bundle held back the first parcels, which draw at zooms where the outlines are not needed.
 */
const worldOutlines = loadOnce(async () => {
  const module = await import('world-atlas/countries-50m.json');
  const topology = (module.default ?? module) as unknown as { objects: { countries: unknown } };
  return feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection;
});

export const loadWorldOutlines = worldOutlines.load;
/** The outlines once loaded, else null (callers fall back to the countries' boxes). */
export const loadedWorldOutlines = worldOutlines.loaded;
/** Re-renders the caller once the outlines have arrived. */
export const useWorldOutlines = worldOutlines.use;
