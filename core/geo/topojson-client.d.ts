// topojson-client ships no types; only `feature` is used (bundled world-atlas → GeoJSON outlines).
declare module 'topojson-client' {
  export function feature(topology: unknown, object: unknown): GeoJSON.FeatureCollection | GeoJSON.Feature;
}
