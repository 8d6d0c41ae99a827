import { useEffect, useRef } from 'react';
import { useClient } from '../ui/client-context.js';
import { configuredApiKey } from '../client/create-client.js';
import { i18next, useTranslation } from '../i18n/i18n.js';
import { handleMapClick } from '../tools/map-click.js';
import { FieldTools } from '../tools/field-tools.js';
import { ParcelLabels } from '../tools/parcel-labels.js';
import { useAppStore } from '../state/store.js';
import { MapController, type MapHandlers } from './map-controller.js';
import { PARCEL_MIN_ZOOM } from './map-style.js';
import { rememberView, rememberedView } from './start-view.js';
import { registerMapView } from './view-context.js';
import { calmCamera } from './calm-camera.js';
import { prefetchAfterFirstView } from './after-first-view.js';
import { copyAreas } from './first-view-areas.js';

declare global {
  interface Window {
    /** The MapLibre map, for end-to-end tests (map.project of a known parcel) and the devtools console. */
    __catastroMap?: MapController['map'];
  }
}

/** Hosts the imperative MapController: built once, state flows in one way through its setters. */
export function MapView() {
  const { t } = useTranslation('map');
  const client = useClient();
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<MapController | null>(null);
  const handlers = useRef<MapHandlers>({ click: () => undefined });
  handlers.current = {
    click: (event) => handleMapClick(client, event),
    overlayLoaded: (layer, drawn) => useAppStore.getState().setOverlayDrawn(layer, drawn),
    zoomed: (zoom) => useAppStore.getState().setZoom(zoom),
    moved: (centre) => useAppStore.getState().setMapCentre(centre),
    settled: (camera) => rememberView(camera),
    firstViewDrawn: prefetchAfterFirstView,
  };

  const layers = useAppStore((s) => s.layers);
  const connectivity = useAppStore((s) => s.connectivity);
  const parcel = useAppStore((s) => s.parcel);
  const selection = useAppStore((s) => s.selection);
  const overlayRevision = useAppStore((s) => s.overlayRevision);
  const copyRevision = useAppStore((s) => s.copyRevision);
  const setOfflineDialog = useAppStore((s) => s.setOfflineDialog);

  useEffect(() => {
    if (!container.current) return;
    const origin = window.location.origin;
    // The area the user last worked in, else the map opens on the copy's largest area.
    const lastView = rememberedView();
    const map = new MapController({
      container: container.current,
      ...(lastView ? { center: lastView.center, zoom: lastView.zoom } : {}),
      parcelTileUrl: client.parcelTileUrl(),
      handlers,
      loadOverlay: (kind, bbox) => client.call('overlay', { kind, bbox }),
      loadExtents: () => copyAreas(client),
      loadAttributions: () => client.call('status').then((status) => Object.fromEntries((status.countries ?? []).map((c) => [c.code, c.attribution]))),
      // The layer panel floats over the map's left edge: a framed parcel is kept to its right.
      coveredEdges: () => {
        const panel = container.current?.parentElement?.querySelector('.layer-panel')?.getBoundingClientRect();
        const map = container.current?.getBoundingClientRect();
        return { top: 0, right: 0, bottom: 0, left: panel && map ? Math.max(0, panel.right - map.left) : 0 };
      },
      // Tiles of the local API need the same key as every other call when auth is on.
      transformRequest: (url) => {
        const key = client.kind === 'http' ? configuredApiKey() : undefined;
        return key && url.startsWith(origin) ? { url, headers: { 'X-API-Key': key } } : { url };
      },
    });
    controller.current = map;
    registerMapView({ centreLongitude: () => map.map.getCenter().lng, refsInView: () => map.refsInView(), showArea: (area) => map.showArea(area) });
    window.__catastroMap = map.map;
    // Served with keys on and no key given, every parcel tile answers 401: say so, and where the key goes, not an empty map.
    map.map.on('error', (event) => {
      if ((event.error as { status?: number } | undefined)?.status === 401) sayKeyNeeded();
    });
    const tools = new FieldTools(map.map);
    const labels = new ParcelLabels(map.map);
    const credits = followAttributionHeight(container.current);
    return () => {
      credits?.disconnect();
      controller.current = null;
      registerMapView(null);
      delete window.__catastroMap;
      tools.destroy();
      labels.destroy();
      map.destroy();
    };
  }, [client]);

  useEffect(() => controller.current?.setLayers(layers, connectivity), [layers, connectivity]);
  // The canvas is what keyboard users focus: its name says how to pick parcels (in the shown language).
  useEffect(() => {
    controller.current?.setCanvasLabel?.(t('keyboardHelp'));
  }, [t]);
  useEffect(() => {
    controller.current?.setControlLabels?.({ zoomIn: t('control.zoomIn'), zoomOut: t('control.zoomOut'), resetBearing: t('control.resetBearing') });
  }, [t]);
  // While another parcel is being looked up the map keeps the last outline: clearing it would draw a
  // map frame (100-500 ms under software WebGL) while the answer is on its way, and hold it back.
  const outlined = parcel ?? (selection.kind === 'none' ? null : undefined);
  useEffect(() => {
    if (outlined !== undefined) controller.current?.setSelection(outlined);
  }, [outlined]);
  // 0 is the first load, which setLayers already fetches; later revisions follow a layer import.
  useEffect(() => {
    if (overlayRevision > 0) controller.current?.reloadOverlays();
  }, [overlayRevision]);
  useEffect(() => {
    if (copyRevision > 0) controller.current?.reloadCopy();
  }, [copyRevision]);

  // Map action: the municipalities in view, downloaded for offline use (desktop app only).
  const offlineHere = () => {
    const bounds = controller.current?.map.getBounds();
    if (bounds) setOfflineDialog({ open: true, bbox: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()] });
  };

  const zoomToParcels = () => controller.current?.map.easeTo({ zoom: PARCEL_MIN_ZOOM, animate: !calmCamera() });

  const zoom = useAppStore((s) => s.zoom);
  return (
    <>
      <div ref={container} className="map" data-testid="map" role="region" aria-label={t('mapLabel')} />
      {layers.parcels && zoom < PARCEL_MIN_ZOOM && (
        // A button, not just a notice: zoomed out past the parcels, one click brings them back.
        <button type="button" className="map-hint" data-testid="zoom-hint" onClick={zoomToParcels}>
          {t('zoomInParcels')}
        </button>
      )}
      {client.offline && (
        <button type="button" className="map-action offline-here" onClick={offlineHere} data-testid="offline-here">
          {t('offlineHere')}
        </button>
      )}
    </>
  );
}

/**
 * The map's credits (bottom right) grow to two or three lines as overlays add their owners (EEA,
 * Copernicus) and the window narrows; what floats at the map's bottom (cursor readout, map action,
 * selection bar) stands on them instead of covering them: their height, as --attribution-height
 * on the map area.
 */
function followAttributionHeight(mapElement: HTMLElement): ResizeObserver | undefined {
  const corner = mapElement.querySelector<HTMLElement>('.maplibregl-ctrl-bottom-right');
  const area = mapElement.parentElement;
  if (!corner || !area || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(() => area.style.setProperty('--attribution-height', `${corner.offsetHeight}px`));
  observer.observe(corner);
  return observer;
}

/** Once in the banner (the tiles fail together): the server wants a key, entered in Settings or the address. */
function sayKeyNeeded(): void {
  const state = useAppStore.getState();
  if (state.error?.code === 'UNAUTHORIZED') return;
  const words = (part: string) => i18next.t(`errors:keyNeeded.${part}`);
  state.showError({ title: words('title'), message: words('message'), advice: words('advice'), code: 'UNAUTHORIZED', place: 'banner' });
}
