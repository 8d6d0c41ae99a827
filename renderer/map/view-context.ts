import type { CopyExtent } from '../../core/model/index.js';

/**
 * What the map shows, for searches that depend on where the user looks (the municipality of
 * "Polígono 4 Parcela 30", the UTM zone of a bare easting/northing). MapView registers the live map.
 */
export interface MapView {
  /** Longitude of the map's centre. */
  centreLongitude(): number;
  /** References of the parcels drawn in view, nearest to the centre first. */
  refsInView(): string[];
  /** Moves the map to one area of the copy, at a zoom where its parcels draw. */
  showArea(area: CopyExtent): void;
}

let current: MapView | null = null;

export function registerMapView(view: MapView | null): void {
  current = view;
}

export const mapView = (): MapView | null => current;
