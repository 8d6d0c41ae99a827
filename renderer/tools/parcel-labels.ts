import { centerOfMass } from '@turf/turf';
import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { PARCELS_FILL_LAYER } from '../map/map-style.js';

/** From this zoom on, the parcels in view carry their reference (a street block at most). */
export const LABEL_MIN_ZOOM = 18;
const MAX_LABELS = 250;

/**
 * References of the parcels drawn in view, as HTML labels at high zoom. HTML rather than a
 * symbol layer: the offline style has no glyph server to draw map text with.
 */
export class ParcelLabels {
  private readonly markers = new Map<string, Marker>();

  constructor(private readonly map: MapLibreMap) {
    map.on('moveend', this.refresh);
    map.on('sourcedata', this.onSourceData);
  }

  private readonly onSourceData = (event: { sourceId?: string; isSourceLoaded?: boolean }) => {
    if (event.sourceId === 'parcels' && event.isSourceLoaded) this.refresh();
  };

  private readonly refresh = () => {
    const wanted = new Map<string, [number, number]>();
    if (this.map.getZoom() >= LABEL_MIN_ZOOM && this.map.getLayer(PARCELS_FILL_LAYER)) {
      for (const feature of this.map.queryRenderedFeatures({ layers: [PARCELS_FILL_LAYER] })) {
        const ref = feature.properties?.ref;
        if (typeof ref !== 'string' || wanted.has(ref) || wanted.size >= MAX_LABELS) continue;
        wanted.set(ref, centerOfMass(feature as unknown as GeoJSON.Feature).geometry.coordinates as [number, number]);
      }
    }
    for (const [ref, marker] of this.markers) {
      if (!wanted.has(ref)) {
        marker.remove();
        this.markers.delete(ref);
      }
    }
    for (const [ref, position] of wanted) {
      if (this.markers.has(ref)) continue;
      const element = document.createElement('div');
      element.className = 'parcel-label';
      element.textContent = ref;
      element.dataset.testid = 'parcel-label';
      this.markers.set(ref, new Marker({ element }).setLngLat(position).addTo(this.map));
    }
  };

  destroy(): void {
    this.map.off('moveend', this.refresh);
    this.map.off('sourcedata', this.onSourceData);
    for (const marker of this.markers.values()) marker.remove();
    this.markers.clear();
  }
}
