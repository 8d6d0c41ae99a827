import { useSyncExternalStore } from 'react';
import { feature } from 'topojson-client';

let loaded: GeoJSON.FeatureCollection | null = null;
let loading: Promise<GeoJSON.FeatureCollection> | null = null;
const listeners = new Set<() => void>();

/**
 * Country outlines from Natural Earth (world-atlas, 1:50m), bundled so the offline map has a frame
 * of reference. A chunk of their own, fetched after the first paint: 0.75 MB of JSON in the entry
 * bundle held back the first parcels, which draw at zooms where the outlines are not needed.
 */
export function loadWorldOutlines(): Promise<GeoJSON.FeatureCollection> {
  loading ??= import('world-atlas/countries-50m.json').then((module) => {
    const topology = (module.default ?? module) as unknown as { objects: { countries: unknown } };
    loaded = feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection;
    for (const listener of listeners) listener();
    return loaded;
  });
  return loading;
}

/** The outlines once loaded, else null (callers fall back to the countries' boxes). */
export function loadedWorldOutlines(): GeoJSON.FeatureCollection | null {
  return loaded;
}

/** Re-renders the caller once the outlines have arrived. */
export function useWorldOutlines(): GeoJSON.FeatureCollection | null {
  return useSyncExternalStore((changed) => {
    listeners.add(changed);
    void loadWorldOutlines();
    return () => listeners.delete(changed);
  }, loadedWorldOutlines);
}
