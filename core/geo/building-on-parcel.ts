import { area as turfArea, featureCollection, intersect, multiPolygon, polygon as turfPolygon } from '@turf/turf';
import type { ParcelGeometry } from '../model/index.js';
import { areaM2 } from './polygon.js';

const asFeature = (g: ParcelGeometry): GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon> =>
  g.type === 'Polygon' ? turfPolygon(g.coordinates) : multiPolygon(g.coordinates);

/**
 * True when at least half of the building's footprint lies on the parcel. A WFS asked for the
 * parcel's box also returns the neighbours' buildings, some of them touching it; a footprint's
 * centroid is no test (an L-shaped building's falls outside it), and a building the parcel
 * boundary cuts in two stands on the parcel holding most of it. Every adapter that reads
 * buildings by box (FR BD TOPO, the foral WFSs) decides with this one rule.
 */
export function buildingStandsOn(footprint: ParcelGeometry, parcel: ParcelGeometry): boolean {
  const common = intersect(featureCollection([asFeature(footprint), asFeature(parcel)]));
  return common !== null && turfArea(common) >= 0.5 * areaM2(footprint);
}
