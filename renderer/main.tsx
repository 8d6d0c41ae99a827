// The page's first module, evaluated in this order (a module's imports run first, in order): the
// client, which asks for the copy's areas at once; MapLibre and the map's own code; then this
// module, which makes the map (its canvas hidden) and imports the app (React DOM and the panels: a
// chunk of its own, preloaded by index.html), evaluated while MapLibre's worker starts; the app
// renders once the map has asked for the first view's tiles, which the worker then fetches and
// decodes while React renders (docs/performance.md "Fifth round, the load").
import { client } from './app/start-client.js';
import { addProtocol, prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { IpcClient, PARCEL_TILE_PROTOCOL } from './client/ipc-client.js';
import { openMapBeforeApp } from './map/open-map.js';
import './app/app.css';

// The bundled worker lives beside our assets (maplibre would otherwise look next to its own module).
setWorkerUrl(workerUrl);
// Its worker (which fetches and decodes the parcel tiles) starts now, not once the map is made.
prewarm();

if (client instanceof IpcClient) {
  // In Electron the parcel tiles come from the in-process facade over IPC, not HTTP.
  const ipc = client;
  addProtocol(PARCEL_TILE_PROTOCOL, async (params) => ({ data: await ipc.loadTile(params.url) }));
}

const map = openMapBeforeApp(client);
const app = import('./app/start-app.js');
void Promise.all([app, map.firstTilesAsked]).then(([{ startApp }]) => startApp(client));
