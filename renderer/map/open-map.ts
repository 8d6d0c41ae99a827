import type { CatastroClient } from '../client/catastro-client.js';
import { configuredApiKey } from '../client/create-client.js';
import { MapController, type MapHandlers } from './map-controller.js';
import { PARCELS_SOURCE } from './map-style.js';
import { rememberedView } from './start-view.js';
import { copyAreas } from './first-view-areas.js';

declare global {
  interface Window {
    /** The MapLibre map, for end-to-end tests (map.project of a known parcel) and the devtools console. */
    __catastroMap?: MapController['map'];
  }
}

/** The map, the element that holds it (moved into MapView's place), and what it did before the app took it. */
export interface OpenedMap {
  controller: MapController;
  host: HTMLDivElement;
  /** The first view's parcel tiles are asked for, or the map has nothing of them to ask (see firstTilesAsked). */
  firstTilesAsked: Promise<void>;
  /** MapView takes the map: from now on the map tells `handlers`, and what it told no one before is told now. */
  adopt(handlers: { current: MapHandlers }): void;
  /** A parcel tile answered 401 (the server wants a key): `listener` is told, at once if that happened already. */
  onUnauthorized(listener: () => void): void;
  close(): void;
}

/**
 * How much of the map's left edge the layer panel covers (its 10 px margin, border and width in
 * English: 313 px measured at 1280-2560 px wide), while the app that draws it is not rendered
 * yet: the first view is fitted beside about that much, then fitted again in its place
 * (MapController.placed), so the tiles asked early are those of about the final view.
 */
const LAYER_PANEL_COVERS_ABOUT = 313;

/**
 * How long the app waits for the first view's tiles to be asked before it renders anyway (the copy's areas slow to answer, a server under load): the app must not wait
 * on the map for longer than a moment.
 */
const FIRST_TILES_WAIT_MS = 500;

/**
 * Makes the map in `parent`. `beforeApp`: made by main.tsx before the app's code (React DOM, the
 * panels) is evaluated and rendered, so that MapLibre's worker fetches and decodes the first
 * view's tiles meanwhile; the element is fixed about where the map area will be, its canvas
 * hidden until MapView has moved it into its place (docs/performance.md "Fifth round, the load").
 * Nothing here needs the app's code: the app's handlers, tools and labels are attached by MapView.
 */
export function openMap(client: CatastroClient, parent: HTMLElement, beforeApp = false): OpenedMap {
  const host = document.createElement('div');
  host.className = beforeApp ? 'map-host map-host-before-app' : 'map-host';
  parent.append(host);
  const origin = window.location.origin;
  const told = { firstViewDrawn: false, unauthorized: false };
  let unauthorized: (() => void) | undefined;
  // Until the app takes the map, what it tells goes nowhere but the first view's drawing (see adopt).
  const handlers: { current: MapHandlers } = {
    current: { click: () => undefined, firstViewDrawn: () => (told.firstViewDrawn = true) },
  };
  // The area the user last worked in, else the map opens on the copy's largest area.
  const lastView = rememberedView();
  const controller = new MapController({
    container: host,
    ...(lastView ? { center: lastView.center, zoom: lastView.zoom } : {}),
    parcelTileUrl: client.parcelTileUrl(),
    waitForPlace: beforeApp,
    handlers,
    loadOverlay: (kind, bbox) => client.call('overlay', { kind, bbox }),
    loadExtents: () => copyAreas(client),
    loadAttributions: () => client.call('status').then((status) => Object.fromEntries((status.countries ?? []).map((c) => [c.code, c.attribution]))),
    // The layer panel floats over the map's left edge: a framed parcel is kept to its right.
    coveredEdges: () => {
      const area = host.closest('.map-area');
      const panel = area?.querySelector('.layer-panel')?.getBoundingClientRect();
      const left = area ? (panel ? Math.max(0, panel.right - host.getBoundingClientRect().left) : 0) : LAYER_PANEL_COVERS_ABOUT;
      return { top: 0, right: 0, bottom: 0, left };
    },
    // Tiles of the local API need the same key as every other call when auth is on.
    transformRequest: (url) => {
      const key = client.kind === 'http' ? configuredApiKey() : undefined;
      return key && url.startsWith(origin) ? { url, headers: { 'X-API-Key': key } } : { url };
    },
  });
  const map = controller.map;
  window.__catastroMap = map;
  // Served with keys on and no key given, every parcel tile answers 401: the app says so, and where the key goes.
  map.on('error', (event) => {
    if ((event.error as { status?: number } | undefined)?.status !== 401) return;
    told.unauthorized = true;
    unauthorized?.();
  });
  const firstTilesAsked = new Promise<void>((resolve) => {
    const asked = (event: { sourceId?: string; tile?: unknown }) => {
      if (event.sourceId === PARCELS_SOURCE && event.tile) done();
    };
    const timer = setTimeout(() => done(), FIRST_TILES_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      map.off('sourcedataloading', asked);
      map.off('idle', done);
      resolve();
    };
    map.on('sourcedataloading', asked);
    map.on('idle', done); // a first view without parcel tiles to ask (zoomed out, remembered far away)
  });
  return {
    controller,
    host,
    firstTilesAsked,
    adopt: (appHandlers) => {
      controller.tellTo(appHandlers);
      if (told.firstViewDrawn) appHandlers.current.firstViewDrawn?.();
    },
    onUnauthorized: (listener) => {
      unauthorized = listener;
      if (told.unauthorized) listener();
    },
    close: () => {
      delete window.__catastroMap;
      controller.destroy();
      host.remove();
    },
  };
}

let openedBeforeApp: OpenedMap | null = null;

/** main.tsx: the map made before the app (see openMap); the app renders once `firstTilesAsked`. */
export function openMapBeforeApp(client: CatastroClient): OpenedMap {
  openedBeforeApp = openMap(client, document.body, true);
  return openedBeforeApp;
}

/** The map made before the app, once (MapView takes it); null when none was. */
export function takeMapOpenedBeforeApp(): OpenedMap | null {
  const opened = openedBeforeApp;
  openedBeforeApp = null;
  return opened;
}
