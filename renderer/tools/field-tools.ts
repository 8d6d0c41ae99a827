import { DEGREE_DECIMALS, parcelKeyOfFeature, type ParcelKey } from '../../core/model/index.js';
import { booleanIntersects, polygon as turfPolygon } from '@turf/turf';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent, PointLike } from 'maplibre-gl';
import { PARCELS_FILL_LAYER, PARCELS_SOURCE, PARCELS_SOURCE_LAYER } from '../map/map-style.js';
import { useToolStore, type ToolMode } from './tool-store.js';

const DRAW_SOURCE = 'tool-draw';
const PICKED_LAYER = 'parcels-picked';
const DRAWING_MODES: ReadonlySet<ToolMode> = new Set(['select-polygon', 'measure-distance', 'measure-area']);

/** The parcels drawn (rendered) inside a screen box, once each, with their tile features' keys. */
function renderedParcels(map: MapLibreMap, box?: [PointLike, PointLike]): { parcel: ParcelKey; feature: GeoJSON.Feature }[] {
  if (!map.getLayer(PARCELS_FILL_LAYER)) return [];
  const features = box ? map.queryRenderedFeatures(box, { layers: [PARCELS_FILL_LAYER] }) : map.queryRenderedFeatures({ layers: [PARCELS_FILL_LAYER] });
  const seen = new Map<string, { parcel: ParcelKey; feature: GeoJSON.Feature }>();
  for (const feature of features) {
    const parcel = parcelKeyOfFeature(feature.properties);
    const id = parcel && `${parcel.country}:${parcel.ref}`;
    if (parcel && id && !seen.has(id)) seen.set(id, { parcel, feature: feature as unknown as GeoJSON.Feature });
  }
  return [...seen.values()];
}

/**
 * The map's field tools: picking several parcels (rectangle dragged or polygon drawn; shift-click
 * is the app's click handler), drawing the measure, and the cursor readout. State lives in the
 * tool store; this class only listens to the map and draws what the store holds.
 */
export class FieldTools {
  private rectangleStart: { x: number; y: number; lngLat: [number, number] } | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly map: MapLibreMap) {
    // Shift-click picks parcels here: MapLibre's shift-drag box zoom would swallow those clicks.
    map.boxZoom.disable();
    map.on('load', this.addLayers);
    if (map.loaded()) this.addLayers();
    map.on('click', this.onClick);
    map.on('dblclick', this.onDoubleClick);
    map.on('mousedown', this.onMouseDown);
    map.on('mousemove', this.onMouseMove);
    map.on('mouseup', this.onMouseUp);
    map.on('contextmenu', this.onContextMenu);
    this.unsubscribe = useToolStore.subscribe((state, previous) => {
      if (state.mode !== previous.mode) this.applyMode(state.mode);
      if (state.points !== previous.points || state.mode !== previous.mode) this.drawPoints();
      if (state.picked !== previous.picked) this.drawPicked();
    });
  }

  private readonly addLayers = () => {
    if (this.map.getSource(DRAW_SOURCE)) return;
    this.map.addSource(DRAW_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    this.map.addLayer({
      id: PICKED_LAYER,
      type: 'fill',
      source: PARCELS_SOURCE,
      'source-layer': PARCELS_SOURCE_LAYER,
      filter: ['in', ['get', 'ref'], ['literal', []]],
      paint: { 'fill-color': '#1c7ed6', 'fill-opacity': 0.35 },
    });
    this.map.addLayer({
      id: 'tool-draw-fill',
      type: 'fill',
      source: DRAW_SOURCE,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': '#1c7ed6', 'fill-opacity': 0.12 },
    });
    this.map.addLayer({
      id: 'tool-draw-line',
      type: 'line',
      source: DRAW_SOURCE,
      filter: ['!=', ['geometry-type'], 'Point'],
      paint: { 'line-color': '#1864ab', 'line-width': 2, 'line-dasharray': [2, 1] },
    });
    this.map.addLayer({
      id: 'tool-draw-points',
      type: 'circle',
      source: DRAW_SOURCE,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-radius': 4, 'circle-color': '#ffffff', 'circle-stroke-color': '#1864ab', 'circle-stroke-width': 2 },
    });
    this.drawPicked();
    this.drawPoints();
  };

  private applyMode(mode: ToolMode): void {
    this.map.getCanvas().style.cursor = mode === 'none' ? '' : 'crosshair';
    // Double-click finishes a drawing, and a drag draws the rectangle, instead of zooming and panning.
    if (DRAWING_MODES.has(mode)) this.map.doubleClickZoom.disable();
    else this.map.doubleClickZoom.enable();
    if (mode === 'select-rectangle') this.map.dragPan.disable();
    else this.map.dragPan.enable();
    this.rectangleStart = null;
  }

  private drawPicked(): void {
    if (!this.map.getLayer(PICKED_LAYER)) return;
    this.map.setFilter(PICKED_LAYER, ['in', ['get', 'ref'], ['literal', useToolStore.getState().picked.map((parcel) => parcel.ref)]]);
  }

  private drawPoints(rectangle?: [number, number][]): void {
    const source = this.map.getSource<GeoJSONSource>(DRAW_SOURCE);
    if (!source) return;
    const { mode, points } = useToolStore.getState();
    const features: GeoJSON.Feature[] = points.map((p) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: p } }));
    const closed = mode === 'measure-area' || mode === 'select-polygon';
    if (rectangle) {
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...rectangle, rectangle[0]]] } });
    } else if (closed && points.length >= 3) {
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...points, points[0]]] } });
    } else if (points.length >= 2) {
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: points } });
    }
    source.setData({ type: 'FeatureCollection', features });
  }

  private readonly onClick = (event: MapMouseEvent) => {
    const { mode, points, setPoints } = useToolStore.getState();
    if (!DRAWING_MODES.has(mode)) return;
    setPoints([...points, [event.lngLat.lng, event.lngLat.lat]]);
  };

  /** Double-click ends a drawing: a polygon selection picks the parcels it touches; a measure stays shown. */
  private readonly onDoubleClick = (event: MapMouseEvent) => {
    const state = useToolStore.getState();
    if (!DRAWING_MODES.has(state.mode)) return;
    event.preventDefault();
    if (state.mode !== 'select-polygon') return;
    // The double-click's two clicks each added the same point: keep one.
    const ring = state.points.filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);
    if (ring.length >= 3) {
      const drawn = turfPolygon([[...ring, ring[0]]]);
      const screen = ring.map((p) => this.map.project(p));
      const xs = screen.map((p) => p.x);
      const ys = screen.map((p) => p.y);
      const candidates = renderedParcels(this.map, [
        [Math.min(...xs), Math.min(...ys)],
        [Math.max(...xs), Math.max(...ys)],
      ]);
      state.addPicked(candidates.filter(({ feature }) => booleanIntersects(feature, drawn)).map(({ parcel }) => parcel));
    }
    state.setMode('none');
  };

  private readonly onMouseDown = (event: MapMouseEvent) => {
    if (useToolStore.getState().mode !== 'select-rectangle') return;
    this.rectangleStart = { x: event.point.x, y: event.point.y, lngLat: [event.lngLat.lng, event.lngLat.lat] };
  };

  private readonly onMouseMove = (event: MapMouseEvent) => {
    useToolStore.getState().setCursor({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
    if (!this.rectangleStart) return;
    const [x0, y0] = this.rectangleStart.lngLat;
    const { lng: x1, lat: y1 } = event.lngLat;
    this.drawPoints([
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ]);
  };

  private readonly onMouseUp = (event: MapMouseEvent) => {
    const start = this.rectangleStart;
    if (!start) return;
    this.rectangleStart = null;
    const state = useToolStore.getState();
    if (Math.abs(event.point.x - start.x) > 3 && Math.abs(event.point.y - start.y) > 3) {
      state.addPicked(
        renderedParcels(this.map, [
          [start.x, start.y],
          [event.point.x, event.point.y],
        ]).map(({ parcel }) => parcel),
      );
    }
    state.setMode('none');
    this.drawPoints();
  };

  /** Right-click pins the position in the coordinate readout and copies it (decimal "lat, lon"). */
  private readonly onContextMenu = (event: MapMouseEvent) => {
    event.preventDefault();
    const position = { latitude: event.lngLat.lat, longitude: event.lngLat.lng };
    useToolStore.getState().setPinned(position);
    void navigator.clipboard?.writeText(`${position.latitude.toFixed(DEGREE_DECIMALS)}, ${position.longitude.toFixed(DEGREE_DECIMALS)}`).catch(() => undefined);
  };

  destroy(): void {
    this.unsubscribe();
    this.map.off('load', this.addLayers);
    this.map.off('click', this.onClick);
    this.map.off('dblclick', this.onDoubleClick);
    this.map.off('mousedown', this.onMouseDown);
    this.map.off('mousemove', this.onMouseMove);
    this.map.off('mouseup', this.onMouseUp);
    this.map.off('contextmenu', this.onContextMenu);
  }
}
