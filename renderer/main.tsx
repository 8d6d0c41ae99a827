import { addProtocol, prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { ClientContext } from './ui/client-context.js';
import { createClient } from './client/create-client.js';
import { IpcClient, PARCEL_TILE_PROTOCOL } from './client/ipc-client.js';
import { chooseLanguage, i18nReady, i18next, storedLanguage } from './i18n/i18n.js';
import { systemLanguages } from './settings/LanguageSetting.js';
import { askFirstViewAreas } from './map/first-view-areas.js';
import './app/app.css';

// The bundled worker lives beside our assets (maplibre would otherwise look next to its own module).
setWorkerUrl(workerUrl);
// Its worker (which fetches and decodes the parcel tiles) starts now, while React renders, not once the map is made.
prewarm();

const client = createClient();
askFirstViewAreas(client);
if (client instanceof IpcClient) {
  // In Electron the parcel tiles come from the in-process facade over IPC, not HTTP.
  addProtocol(PARCEL_TILE_PROTOCOL, async (params) => ({ data: await client.loadTile(params.url) }));
}

// In Electron the system's languages decide unless Settings chose one (the browser's were read at start),
// and the shell's menus and dialogs follow the choice.
if (client.desktop) {
  const desktop = client.desktop;
  if (!storedLanguage()) void systemLanguages(client).then((languages) => chooseLanguage(null, languages));
  const tellShell = () => void desktop.setShellLanguage?.(storedLanguage()).catch(() => undefined);
  tellShell();
  i18next.on('languageChanged', tellShell);
}

// Rendered once the shown language's strings are there (at once for English): a translated first paint.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ClientContext.Provider value={client}>
        <App />
      </ClientContext.Provider>
    </StrictMode>,
  ),
);
