// Electron main process: wiring only. The facade (core/service.ts) does the work; this file
// opens it on the user's data folder, creates the locked-down window and registers IPC.
import { app, BrowserWindow, Menu, session } from 'electron';
import path from 'node:path';
import { APP_VERSION, appFile } from '../core/app-files.js';
import { CatastroService } from '../core/service.js';
import { serviceSourcesFromEnv } from '../core/sources-from-env.js';
import { buildAppMenu } from './app-menu.js';
import { APP_URL, registerAppScheme, serveRenderer } from './app-protocol.js';
import { dragIcon } from './drag-icon.js';
import { removeTempExports } from './export-files.js';
import { setupIpc } from './ipc-handlers.js';
import { LocalApi } from './local-api.js';
import { hardenSession, lockNavigation } from './security.js';

/** Drag folders a crashed session left are deleted at the next start once this old. */
const STALE_DRAG_FOLDER_MS = 24 * 60 * 60 * 1000;

// Packaged, the resources ship beside the asar (electron-builder.yml extraResources).
const rendererDir = appFile('renderer');
const resourcesDir = app.isPackaged ? path.join(process.resourcesPath, 'resources') : appFile('resources');

registerAppScheme();
// Help → About shows package.json's version, the one `catastro --version` prints.
app.setAboutPanelOptions({ applicationName: 'Catastro Desktop', applicationVersion: APP_VERSION, copyright: 'Catastro Desktop contributors' });

let mainWindow: BrowserWindow | null = null;
let service: CatastroService | null = null;

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: 'Catastro Desktop',
    show: false,
    // Written out here, not built elsewhere, so electronegativity and our static test can read them.
    webPreferences: {
      preload: path.join(import.meta.dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // Middle-click would open links in new windows; the map has no use for it.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
  lockNavigation(window.webContents, APP_URL);
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => { mainWindow = null; });
  Menu.setApplicationMenu(buildAppMenu(window));
  void window.loadURL(APP_URL);
  return window;
}

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession);
  serveRenderer(rendererDir);
  service = await CatastroService.open({
    dataDir: app.getPath('userData'),
    resourcesDir,
    sources: serviceSourcesFromEnv(),
  });
  // The status bar's view of the sources: checked now and every five minutes (the spec's status page).
  service.startStatusChecks();
  const localApi = new LocalApi(service, rendererDir);
  setupIpc({
    service,
    localApi,
    dragIcon: dragIcon(),
    isAppSender: (sender, senderFrameIsMain) =>
      senderFrameIsMain && mainWindow !== null && sender === mainWindow.webContents && sender.getURL().startsWith(APP_URL.replace('index.html', '')),
  });
  mainWindow = createWindow();
  app.on('activate', () => { if (!mainWindow) mainWindow = createWindow(); });
  removeTempExports({ staleAfterMs: STALE_DRAG_FOLDER_MS });
  app.on('before-quit', () => { void localApi.stop(); removeTempExports(); service?.close(); service = null; });
}

// Every other webContents (none is expected) gets the same navigation lock.
app.on('web-contents-created', (_event, contents) => lockNavigation(contents, APP_URL));
app.on('window-all-closed', () => { if (process.platform !== 'darwin') app.quit(); });

start().catch((error) => {
  console.error('Catastro Desktop could not start:', error);
  app.exit(1);
});
