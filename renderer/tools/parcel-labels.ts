import { area as areaOf, centerOfMass } from '@turf/turf';
import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import RBush, { type BBox } from 'rbush';
import { PARCELS_FILL_LAYER, PARCELS_SOURCE } from '../map/map-style.js';

/** From this zoom on, the parcels in view carry their reference (a street block at most). */
export const LABEL_MIN_ZOOM = 18;
const MAX_LABELS = 250;
/** Pixels kept clear between two labels. */
const LABEL_GAP = 2;

interface LabelCandidate {
  ref: string;
  position: [number, number];
  /** m² of the parcel as drawn in view: the larger parcels are labelled first. */
  area: number;
}

/** A label's size in pixels, measured once from the stylesheet's `.parcel-label` (the font is monospace, but measured anyway). */
interface LabelMetrics {
  context: CanvasRenderingContext2D;
  paddingX: number;
  height: number;
}

/**
 * References of the parcels drawn in view, as HTML labels at high zoom, placed greedily so that
 * no two overlap: the larger parcel first, each label kept only when its box meets none already
 * kept (an rbush index of the boxes, the structure MapLibre's own collision index uses).
 *
 * HTML rather than a symbol layer: a symbol layer needs SDF glyph PBFs, which the offline style
 * has no server for; no well-kept npm package ships prebuilt ranges, and generating them at build
 * time needs a native font tool (fontnik). So MapLibre's collision does not apply and this does.
 */
export class ParcelLabels {
  private readonly markers = new Map<string, Marker>();
  private metrics?: LabelMetrics;

  constructor(private readonly map: MapLibreMap) {
    map.on('moveend', this.refresh);
    map.on('sourcedata', this.onSourceData);
  }

  private readonly onSourceData = (event: { sourceId?: string; isSourceLoaded?: boolean }) => {
    if (event.sourceId === PARCELS_SOURCE && event.isSourceLoaded) this.refresh();
  };

  private candidates(): LabelCandidate[] {
    const byRef = new Map<string, LabelCandidate>();
    if (this.map.getZoom() < LABEL_MIN_ZOOM || !this.map.getLayer(PARCELS_FILL_LAYER)) return [];
    for (const feature of this.map.queryRenderedFeatures({ layers: [PARCELS_FILL_LAYER] })) {
      const ref = feature.properties?.ref;
      if (typeof ref !== 'string' || byRef.has(ref)) continue;
      const geojson = feature as unknown as GeoJSON.Feature;
      byRef.set(ref, { ref, position: centerOfMass(geojson).geometry.coordinates as [number, number], area: areaOf(geojson) });
    }
    return [...byRef.values()].sort((a, b) => b.area - a.area);
  }

  private measure(): LabelMetrics | undefined {
    if (this.metrics) return this.metrics;
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return undefined;
    const probe = document.createElement('div');
    probe.className = 'parcel-label';
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    probe.textContent = 'X';
    this.map.getContainer().appendChild(probe);
    const style = getComputedStyle(probe);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    this.metrics = { context, paddingX: probe.offsetWidth - context.measureText('X').width, height: probe.offsetHeight };
    probe.remove();
    return this.metrics;
  }

  /** The labels that fit, greedily in the candidates' order. */
  private place(candidates: LabelCandidate[]): LabelCandidate[] {
    const metrics = this.measure();
    if (!metrics) return candidates.slice(0, MAX_LABELS);
    const taken = new RBush<BBox>();
    const placed: LabelCandidate[] = [];
    for (const candidate of candidates) {
      if (placed.length >= MAX_LABELS) break;
      const { x, y } = this.map.project(candidate.position);
      const halfWidth = (metrics.context.measureText(candidate.ref).width + metrics.paddingX) / 2 + LABEL_GAP / 2;
      const halfHeight = metrics.height / 2 + LABEL_GAP / 2;
      const box = { minX: x - halfWidth, minY: y - halfHeight, maxX: x + halfWidth, maxY: y + halfHeight };
      if (taken.collides(box)) continue;
      taken.insert(box);
      placed.push(candidate);
    }
    return placed;
  }

  private readonly refresh = () => {
    const wanted = new Map(this.place(this.candidates()).map((c) => [c.ref, c.position]));
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
