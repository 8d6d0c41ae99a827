import {
  AttributionControl,
  LngLat,
  Map as MapLibreMap,
  NavigationControl,
  ScaleControl,
  type GeoJSONSource,
  type MapMouseEvent,
  type MapSourceDataEvent,
  type PointLike,
  type RequestTransformFunction,
  type VectorTileSource,
} from 'maplibre-gl';
import { bboxPolygon } from '@turf/turf';
import { parcelKeyOfFeature, type BBox, type CopyExtent, type OverlayKind, type Parcel, type ParcelKey } from '../../core/model/index.js';
import type { Connectivity, LayerId } from '../state/store.js';
import {
  LAYER_GROUPS,
  OVERLAY_MIN_ZOOM,
  OVERLAY_SOURCES,
  PARCELS_FILL_LAYER,
  PARCELS_SOURCE,
  PARCELS_SOURCE_LAYER,
  buildMapStyle,
  isLayerShown,
} from './map-style.js';
import { countriesOf, parcelAttribution } from './parcel-attribution.js';
import { afterNextPaint, calmCamera } from './calm-camera.js';
import { areaCamera, startCamera, type MapCamera } from './start-view.js';
import { worldOutlinesUrl } from './world-outlines.js';
import { hideUntilFirstParcels } from './first-frame.js';
import { holdClickFrame } from './click-frame.js';

export interface MapClick {
  latitude: number;
  longitude: number;
  /** The parcel drawn under the cursor (its tile feature's reference and country), when the local copy has one there. */
  parcel: ParcelKey | null;
  /** Shift held: the click adds or removes the parcel from the multi-parcel selection. */
  shift?: boolean;
  /** No parcel under the cursor but drawn parcels of the copy around it: a street or other public land. */
  betweenParcels?: boolean;
}

/** Map → app events; rebuilt by React each render and read through a ref (placemark's handler table). */
export interface MapHandlers {
  /** Returns, when it looks something up, the lookup: the click's map frame waits for its answer to be painted. */
  click(event: MapClick): void | Promise<void>;
  /** Features drawn by a shown overlay for the view, or 'zoom' below the zoom overlays load from. */
  overlayLoaded?(layer: 'protectedAreas' | 'groundMotion', drawn: number | 'zoom'): void;
  /** The view's zoom changed across the parcel zoom (parcels drawn or not). */
  zoomed?(zoom: number): void;
  /** The view moved: its new centre [lon, lat]. */
  moved?(centre: [number, number]): void;
  /** The user, a search or a jump moved the view (not the map's opening): where it now looks. */
  settled?(camera: MapCamera): void;
  /** The opening view is drawn (its parcels, at its final camera): what the first view left out can load now. */
  firstViewDrawn?(): void;
}

/** Loads one hazard overlay for a box (the client's /api/overlays). */
export type OverlayLoader = (kind: OverlayKind, bbox: [number, number, number, number]) => Promise<GeoJSON.FeatureCollection>;

export interface MapControllerOptions {
  container: HTMLElement;
  loadOverlay?: OverlayLoader;
  parcelTileUrl: string;
  handlers: { current: MapHandlers };
  transformRequest?: RequestTransformFunction;
  center?: [number, number];
  zoom?: number;
  /** Boxes of the local copy: without a given view the first one shows the largest (start-view.ts); they are drawn below the parcel zoom. */
  loadExtents?: () => Promise<CopyExtent[]>;
  /** Each country's attribution, as its adapter states it: credited while its parcels are in view. */
  loadAttributions?: () => Promise<Record<string, string>>;
  /** Space (px from each edge) that panels over the map cover, so a framed parcel stays visible beside them. */
  coveredEdges?: () => { top: number; right: number; bottom: number; left: number };
}

/** Screen direction of each arrow key. */
const ARROW_STEPS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** How far (px) a click between parcels looks for drawn parcels around it: a street is narrower than this at parcel zooms. */
const PUBLIC_LAND_REACH_PX = 60;

/** Start over the bundled sample municipality (40146) so parcels show on first launch. */
const SAMPLE_CENTER: [number, number] = [-4.47, 41.06];

function parcelFeature(parcel: Parcel): GeoJSON.Feature {
  return {
    type: 'Feature',
    properties: { ref: parcel.refCatastral },
    geometry: { type: 'Polygon', coordinates: [parcel.poligono] },
  };
}

function boundsOf(ring: [number, number][]): [[number, number], [number, number]] {
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

/**
 * Owns the MapLibre map: created once, events registered once and forwarded to the handler
 * ref; React pushes state in through the setters (one-way, memoised).
 */
export class MapController {
  readonly map: MapLibreMap;
  private shownSelection: string | null = null;
  private selectedOutline: [number, number][] | null = null;
  /** The view at load: moved since (by the user, a search, a test), it is not refitted when the extents arrive. */
  private startView = '';
  /** The parcel under the pointer, lit by feature state (map-style.ts's hover layer). */
  private hovered: ParcelKey | null = null;
  private loaded = false;
  private readonly pending: (() => void)[] = [];
  /** The map's attribution: its sources', plus the cadastres' whose parcels are in view or selected (parcel-attribution.ts). */
  private readonly attribution = new AttributionControl({ compact: false });
  private attributionByCountry: Record<string, string> = {};
  /** Countries of the parcels drawn when the map last settled; undefined once the view or the parcel tiles changed. */
  private drawnCountries: Set<string> | undefined;
  private selectedParcel: Parcel | null = null;
  private destroyed = false;
  private overlaysShown: Partial<Record<keyof typeof OVERLAY_SOURCES, boolean>> = {};
  private navigation = new NavigationControl();
  /**
   * Whether the first view is decided (given, or the copy's areas answered). Until then the parcel
   * layers are hidden, so their source fetches no tiles at the default view only to fetch the
   * first view's next (a hidden layer's source loads none).
   */
  private firstViewOpen: boolean;
  private styleLoaded = false;
  /** What setLayers last asked for: whether the parcels show once the first view is open. */
  private shownLayers: { layers: Record<LayerId, boolean>; connectivity: Connectivity } | null = null;
  /** Jumps instead of flights: see calm-camera.ts. */
  private readonly calm = calmCamera();

  constructor(private readonly options: MapControllerOptions) {
    this.firstViewOpen = !!options.center || !options.loadExtents;
    this.map = new MapLibreMap({
      container: options.container,
      style: buildMapStyle({ parcelTileUrl: options.parcelTileUrl, parcelsHidden: !this.firstViewOpen }),
      center: options.center ?? SAMPLE_CENTER,
      zoom: options.zoom ?? 14,
      transformRequest: options.transformRequest,
      attributionControl: false,
      // Labels fading in repaint the map for 300 ms after each move: frames a software renderer cannot spare.
      fadeDuration: this.calm ? 0 : 300,
    });
    this.map.once('style.load', () => (this.styleLoaded = true));
    hideUntilFirstParcels(this.map, PARCELS_SOURCE);
    this.map.addControl(this.attribution);
    // Recorded at once: a view moved even before the style loads (a search, a script) is not refitted.
    this.startView = this.viewKey();
    this.map.addControl(this.navigation, 'top-right');
    this.map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left');
    this.map.on('click', this.onClick);
    this.map.on('mousemove', this.onMove);
    this.map.on('moveend', this.refreshOverlays);
    this.map.on('zoomend', this.onZoom);
    this.map.on('moveend', this.reportCentre);
    this.map.on('moveend', this.reportSettled);
    // Tiles arrive after the move ends: the credit is settled when the map is idle, re-reading the
    // drawn parcels only when the view or the parcel tiles (or whether they are shown) changed.
    this.map.on('moveend', this.markDrawnStale);
    this.map.on('sourcedata', this.onSourceData);
    this.map.on('idle', this.onIdle);
    options
      .loadAttributions?.()
      .then((texts) => {
        this.attributionByCountry = texts;
        this.refreshAttribution();
      })
      .catch(() => undefined);
    // Capture phase: with a parcel selected, arrows move between parcels before MapLibre's keyboard handler pans.
    this.map.getCanvasContainer().addEventListener('keydown', this.onKey, true);
    // Asked now (their answer is usually there already: first-view-areas.ts), so the first view
    // jumps to the largest area before the map has fetched a tile.
    const areasShown = this.showExtents();
    this.map.once('load', () => {
      this.onZoom();
      this.reportCentre();
      void areasShown.finally(() =>
        this.map.once('idle', () => {
          this.options.handlers.current.firstViewDrawn?.();
          // After the first view's parcels: the map's one worker indexes the world's outlines for
          // a second or more, and the parcel tiles it fetches and decodes would queue behind them.
          // A URL: the worker fetches and parses them, nothing of them runs on the page's thread.
          if (!this.destroyed) this.map.getSource<GeoJSONSource>('countries')?.setData(worldOutlinesUrl);
        }),
      );
      this.loaded = true;
      for (const task of this.pending.splice(0)) task();
    });
  }

  private readonly reportCentre = () => {
    const { lng, lat } = this.map.getCenter();
    this.options.handlers.current.moved?.([lng, lat]);
  };

  private readonly reportSettled = () => {
    const { lng, lat } = this.map.getCenter();
    this.options.handlers.current.settled?.({ center: [lng, lat], zoom: this.map.getZoom() });
  };

  /** The map's camera fitted to a box, clear of the panels over the map. */
  private readonly fitBox = ([west, south, east, north]: BBox): MapCamera | undefined => {
    const camera = this.map.cameraForBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: this.framePadding(40), maxZoom: 16 },
    );
    if (!camera?.center || camera.zoom === undefined) return undefined;
    const { lng, lat } = LngLat.convert(camera.center);
    return { center: [lng, lat], zoom: camera.zoom };
  };

  /**
   * Draws the copy's areas and, unless a parcel was already picked or the view was given, opens on
   * the largest area at a zoom where its parcels draw (start-view.ts): fitting them all once put
   * the first view below the parcel zoom on most laptops.
   */
  private async showExtents(): Promise<void> {
    let extents: CopyExtent[];
    try {
      extents = (await this.options.loadExtents?.()) ?? [];
    } catch {
      this.openFirstView(); // the map still works from the start view
      return;
    }
    if (this.destroyed) return;
    this.whenLoaded(() =>
      this.map.getSource<GeoJSONSource>('copy-extents')?.setData({
        type: 'FeatureCollection',
        features: extents.map(({ area, name, bbox }) => bboxPolygon(bbox, { properties: { area, name: name ?? area } })),
      }),
    );
    if (!this.shownSelection && !this.options.center && this.viewKey() === this.startView) {
      const camera = startCamera(extents, null, this.fitBox);
      if (camera) this.map.jumpTo(camera);
    }
    this.openFirstView();
  }

  /**
   * The first view is decided: the parcels show (unless switched off) and their tiles load for it,
   * as soon as the style is there: the map's load event waits for every GeoJSON source to pass
   * through the worker first.
   */
  private openFirstView(): void {
    if (this.firstViewOpen || this.destroyed) return;
    this.firstViewOpen = true;
    const shown = this.shownLayers ? isLayerShown('parcels', this.shownLayers.layers, this.shownLayers.connectivity) : true;
    const show = () => {
      if (shown && !this.destroyed) for (const layer of LAYER_GROUPS.parcels.layers) this.map.setLayoutProperty(layer, 'visibility', 'visible');
    };
    if (this.styleLoaded) show();
    else this.map.once('style.load', show);
  }

  /** Moves to one area of the copy (the Areas list), at a zoom where its parcels draw. */
  showArea(area: CopyExtent): void {
    this.map.easeTo({ ...areaCamera(area, this.fitBox), animate: !this.calm });
  }

  private viewKey(): string {
    const { lng, lat } = this.map.getCenter();
    return `${lng.toFixed(7)},${lat.toFixed(7)},${this.map.getZoom().toFixed(3)}`;
  }

  /** Style changes wait for the first load; later ones apply at once. */
  private whenLoaded(task: () => void): void {
    if (this.loaded) task();
    else this.pending.push(task);
  }

  private featureKeyAt(point: PointLike): ParcelKey | null {
    if (!this.map.getLayer(PARCELS_FILL_LAYER)) return null;
    const features = this.map.queryRenderedFeatures(point, { layers: [PARCELS_FILL_LAYER] });
    return parcelKeyOfFeature(features[0]?.properties);
  }

  /** Drawn parcels on every side of the point (within PUBLIC_LAND_REACH_PX): the point lies inside the copy's coverage. */
  private surroundedByParcels(point: { x: number; y: number }): boolean {
    if (!this.map.getLayer(PARCELS_FILL_LAYER) || this.map.getLayoutProperty(PARCELS_FILL_LAYER, 'visibility') === 'none') return false;
    const r = PUBLIC_LAND_REACH_PX;
    const sides: [number, number][] = [
      [-r, 0],
      [r, 0],
      [0, -r],
      [0, r],
    ];
    return (
      sides.filter(
        ([dx, dy]) =>
          this.map.queryRenderedFeatures(
            [
              [point.x + Math.min(0, dx), point.y + Math.min(0, dy)],
              [point.x + Math.max(0, dx), point.y + Math.max(0, dy)],
            ],
            { layers: [PARCELS_FILL_LAYER] },
          ).length > 0,
      ).length >= 3
    );
  }

  private readonly onClick = (event: MapMouseEvent) => {
    const parcel = this.featureKeyAt(event.point);
    const answered = this.options.handlers.current.click({
      latitude: event.lngLat.lat,
      longitude: event.lngLat.lng,
      parcel,
      shift: event.originalEvent.shiftKey,
      betweenParcels: parcel === null && this.surroundedByParcels(event.point),
    });
    holdClickFrame(this.map, Promise.resolve(answered));
  };

  private readonly onZoom = () => this.options.handlers.current.zoomed?.(this.map.getZoom());

  /**
   * Keyboard picking: Enter (or Space) picks the parcel at the centre of the map; with a parcel
   * selected, an arrow key picks the drawn neighbour on that side. Without one, arrows pan (MapLibre).
   */
  private readonly onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const canvas = this.map.getCanvas();
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const point = { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 };
      const at = this.map.unproject([point.x, point.y]);
      this.options.handlers.current.click({ latitude: at.lat, longitude: at.lng, parcel: this.featureKeyAt([point.x, point.y]) });
      return;
    }
    const step = ARROW_STEPS[event.key];
    if (!step || !this.selectedOutline) return;
    event.preventDefault();
    event.stopPropagation();
    const neighbour = this.neighbourOf(this.selectedOutline, step);
    if (neighbour) this.options.handlers.current.click(neighbour);
  };

  /** The first drawn parcel other than the selected one, walking from its centre towards one side. */
  private neighbourOf(ring: [number, number][], [dx, dy]: [number, number]): MapClick | null {
    const [[west, south], [east, north]] = boundsOf(ring);
    const centre = this.map.project([(west + east) / 2, (south + north) / 2]);
    const selected = this.shownSelection;
    for (let distance = 4; distance < 400; distance += 4) {
      const x = centre.x + dx * distance;
      const y = centre.y + dy * distance;
      const parcel = this.featureKeyAt([x, y]);
      if (parcel && parcel.ref !== selected) {
        const at = this.map.unproject([x, y]);
        return { latitude: at.lat, longitude: at.lng, parcel };
      }
    }
    return null;
  }

  /** Hover only points (cursor and outline); it never touches the app's state. */
  private readonly onMove = (event: MapMouseEvent) => {
    const key = this.featureKeyAt(event.point);
    this.map.getCanvas().style.cursor = key ? 'pointer' : '';
    if (key?.ref === this.hovered?.ref && key?.country === this.hovered?.country) return;
    const target = (ref: string) => ({ source: PARCELS_SOURCE, sourceLayer: PARCELS_SOURCE_LAYER, id: ref });
    if (this.hovered) this.map.removeFeatureState(target(this.hovered.ref), 'hoveredIn');
    this.hovered = key;
    if (key) this.map.setFeatureState(target(key.ref), { hoveredIn: key.country });
  };

  setLayers(layers: Record<LayerId, boolean>, connectivity: Connectivity): void {
    this.shownLayers = { layers, connectivity };
    const apply = () => {
      for (const [id, group] of Object.entries(LAYER_GROUPS) as [LayerId, (typeof LAYER_GROUPS)[LayerId]][]) {
        const shown = isLayerShown(id, layers, connectivity) && (id !== 'parcels' || this.firstViewOpen);
        const visibility = shown ? 'visible' : 'none';
        for (const layer of group.layers) {
          if (this.map.getLayer(layer)) this.map.setLayoutProperty(layer, 'visibility', visibility);
        }
      }
    };
    this.whenLoaded(apply);
    this.overlaysShown = { protectedAreas: layers.protectedAreas, groundMotion: layers.groundMotion };
    this.whenLoaded(this.refreshOverlays);
  }

  /**
   * The copy's parcels changed (an import, an offline area downloaded or removed): its tiles and
   * areas are fetched again. The same tile URL: setTiles makes MapLibre drop and reload the
   * source's tiles, and the API's tiles are `no-cache`, so none comes from the browser's cache.
   */
  reloadCopy(): void {
    this.whenLoaded(() => {
      this.map.getSource<VectorTileSource>(PARCELS_SOURCE)?.setTiles([this.options.parcelTileUrl]);
      void this.showExtents();
    });
  }

  /** Fetches the shown overlays again: their data changed (a layer was imported). */
  reloadOverlays(): void {
    this.whenLoaded(this.refreshOverlays);
  }

  /** Fetches the shown overlays for the visible box (from OVERLAY_MIN_ZOOM on); failures leave the map as it was. */
  private readonly refreshOverlays = () => {
    const load = this.options.loadOverlay;
    if (!load) return;
    if (this.map.getZoom() < OVERLAY_MIN_ZOOM) {
      for (const id of Object.keys(OVERLAY_SOURCES) as (keyof typeof OVERLAY_SOURCES)[]) {
        if (this.overlaysShown[id]) this.options.handlers.current.overlayLoaded?.(id, 'zoom');
      }
      return;
    }
    const bounds = this.map.getBounds();
    const bbox: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-90, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(90, bounds.getNorth()),
    ];
    for (const [id, source] of Object.entries(OVERLAY_SOURCES) as [keyof typeof OVERLAY_SOURCES, OverlayKind][]) {
      if (!this.overlaysShown[id]) continue;
      load(source, bbox)
        .then((data) => {
          this.map.getSource<GeoJSONSource>(source)?.setData(data);
          this.options.handlers.current.overlayLoaded?.(id, data.features.length);
        })
        .catch(() => undefined);
    }
  };

  /** Draws the selected outline and frames it; unchanged selections are not redrawn. */
  setSelection(parcel: Parcel | null): void {
    const ref = parcel?.refCatastral ?? null;
    if (ref === this.shownSelection) return;
    this.shownSelection = ref;
    this.selectedOutline = parcel && parcel.poligono.length > 2 ? parcel.poligono : null;
    this.selectedParcel = parcel;
    // The outline and the camera change once the panel has been painted: a map frame before it
    // (100-300 ms under software WebGL) would hold the panel back.
    const apply = () => {
      if (this.shownSelection !== ref || this.destroyed) return; // a newer selection won meanwhile
      this.refreshAttribution();
      const source = this.map.getSource<GeoJSONSource>('selection');
      source?.setData({ type: 'FeatureCollection', features: parcel && parcel.poligono.length > 2 ? [parcelFeature(parcel)] : [] });
      if (parcel && parcel.poligono.length > 2) {
        this.map.fitBounds(boundsOf(parcel.poligono), { padding: this.framePadding(), maxZoom: 18, duration: 600, animate: !this.calm });
      } else if (parcel) {
        this.map.flyTo({ center: [parcel.longitud, parcel.latitud], zoom: 17, animate: !this.calm });
      }
    };
    this.whenLoaded(() => afterNextPaint(apply));
  }

  /** 80 px around a framed parcel, plus whatever the layer panel and legends cover (leaving at least 120 px for the parcel). */
  private framePadding(margin = 80): { top: number; right: number; bottom: number; left: number } {
    const covered = this.options.coveredEdges?.() ?? { top: 0, right: 0, bottom: 0, left: 0 };
    const { clientWidth: w, clientHeight: h } = this.map.getContainer();
    const cap = (value: number, size: number) => Math.min(margin + value, Math.max(margin, size - 2 * margin - 120));
    return { top: cap(covered.top, h), right: cap(covered.right, w), bottom: cap(covered.bottom, h), left: cap(covered.left, w) };
  }

  private readonly markDrawnStale = (): void => {
    this.drawnCountries = undefined;
  };

  private readonly onSourceData = (event: MapSourceDataEvent): void => {
    if (event.sourceId === PARCELS_SOURCE && (event.tile || event.sourceDataType === 'visibility')) this.markDrawnStale();
  };

  /**
   * 'idle' also follows every hover's repaint (the hover outline's feature state): reading every
   * drawn parcel again there (about 100 ms at zoom 13 under software WebGL) held back the click or
   * keystroke that came next.
   */
  private readonly onIdle = (): void => {
    if (this.drawnCountries === undefined) this.refreshAttribution();
  };

  /** Credits the cadastres of the parcels drawn now and of the selected one; unchanged credits are not redrawn. */
  private readonly refreshAttribution = (): void => {
    if (this.destroyed) return;
    this.drawnCountries ??= countriesOf(this.map.getLayer(PARCELS_FILL_LAYER) ? this.map.queryRenderedFeatures({ layers: [PARCELS_FILL_LAYER] }) : []);
    const text = parcelAttribution(this.drawnCountries, this.attributionByCountry, this.selectedParcel);
    if (text === this.attribution.options.customAttribution) return;
    this.attribution.options.customAttribution = text;
    this.attribution._updateAttributions();
  };

  /** References of the parcels drawn in view, nearest to the centre first. */
  refsInView(): string[] {
    if (!this.map.getLayer(PARCELS_FILL_LAYER)) return [];
    const canvas = this.map.getCanvas();
    const centre = { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 };
    const seen = new Map<string, number>();
    for (const feature of this.map.queryRenderedFeatures({ layers: [PARCELS_FILL_LAYER] })) {
      const ref = feature.properties?.ref;
      if (typeof ref !== 'string' || seen.has(ref) || feature.geometry.type !== 'Polygon') continue;
      const [lon, lat] = (feature.geometry as GeoJSON.Polygon).coordinates[0][0];
      const p = this.map.project([lon, lat]);
      seen.set(ref, Math.hypot(p.x - centre.x, p.y - centre.y));
    }
    return [...seen.entries()].sort((a, b) => a[1] - b[1]).map(([ref]) => ref);
  }

  /** The accessible name of the focusable canvas (how to pick parcels with the keyboard). */
  setCanvasLabel(label: string): void {
    this.map.getCanvas().setAttribute('aria-label', label);
  }

  /**
   * The zoom and compass buttons' names in the shown language. MapLibre takes its controls' words
   * only as the map's `locale` option and reads them when a control is added: a language chosen
   * later is written into that table and the control added again.
   */
  setControlLabels(labels: { zoomIn: string; zoomOut: string; resetBearing: string }): void {
    Object.assign((this.map as unknown as { _locale: Record<string, string> })._locale, {
      'NavigationControl.ZoomIn': labels.zoomIn,
      'NavigationControl.ZoomOut': labels.zoomOut,
      'NavigationControl.ResetBearing': labels.resetBearing,
    });
    this.map.removeControl(this.navigation);
    this.navigation = new NavigationControl();
    this.map.addControl(this.navigation, 'top-right');
  }

  flyTo(longitude: number, latitude: number, zoom = 17): void {
    this.map.flyTo({ center: [longitude, latitude], zoom, animate: !this.calm });
  }

  resize(): void {
    this.map.resize();
  }

  destroy(): void {
    this.map.off('click', this.onClick);
    this.map.off('mousemove', this.onMove);
    this.map.off('moveend', this.refreshOverlays);
    this.map.off('zoomend', this.onZoom);
    this.map.off('moveend', this.reportCentre);
    this.map.off('moveend', this.reportSettled);
    this.map.off('moveend', this.markDrawnStale);
    this.map.off('sourcedata', this.onSourceData);
    this.map.off('idle', this.onIdle);
    this.destroyed = true;
    this.map.getCanvasContainer().removeEventListener('keydown', this.onKey, true);
    this.map.remove();
  }
}
