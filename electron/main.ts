// Electron main process: wiring only. The facade (core/service.ts) does the work; this file
// opens it on the user's data folder (`catastro start --data`, else userData) (or the team store chosen in Settings), creates the locked-down window and registers IPC.
import { app, BrowserWindow, dialog, Menu, safeStorage, session, shell } from 'electron';
import path from 'node:path';
import { APP_VERSION, appFile } from '../core/app-files.js';
import { desktopPathsFromArguments } from '../core/desktop/desktop-arguments.js';
import { BusyWork } from '../core/desktop/busy-work.js';
import { ShellLanguageSetting } from '../core/desktop/shell-language-setting.js';
import { importQuestion, openedFiles } from '../core/desktop/opened-files.js';
import { isServiceError, messageWithDetail } from '../core/model/index.js';
import { CatastroService } from '../core/service.js';
import { serviceSourcesFromEnv } from '../core/sources-from-env.js';
import { log, logRendererErrors, startAppLog } from './app-log.js';
import { buildAppMenu } from './app-menu.js';
import { AppUpdates } from './app-updates.js';
import { APP_URL, registerAppScheme, serveRenderer } from './app-protocol.js';
import { dragIcon } from './drag-icon.js';
import { removeTempExports } from './export-files.js';
import { setupIpc } from './ipc-handlers.js';
import { LocalApi } from './local-api.js';
import { reportProblem } from './problem-report.js';
import { IpcChannel } from './ipc-channels.js';
import { hardenSession, lockNavigation } from './security.js';
import { TeamStoreSetting } from './team-store-setting.js';
import { DatafordelerKeySetting } from './datafordeler-key-setting.js';

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
/** The data folder and basemap `catastro start --data/--basemap` passed, else userData and none (set in start()). */
let paths: { dataDir: string; basemapFile?: string };
/** Imports and downloads running now: an update waits for them (core/desktop/updates.ts). */
const busy = new BusyWork();
let updates: AppUpdates | null = null;
let logFile = '';
/** The menus' and dialogs' language: Settings' choice, else the system's (read when a menu or dialog is made). */
const shellLanguage = new ShellLanguageSetting(app.getPath('userData'), () => [...app.getPreferredSystemLanguages(), app.getLocale()]);
const shellText = () => shellLanguage.text();

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
  logRendererErrors(window.webContents);
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    mainWindow = null;
  });
  setMenu(window);
  void window.loadURL(APP_URL);
  return window;
}

/** The application menu of the window, in the shell's language now (built again when it changes). */
function setMenu(window: BrowserWindow): void {
  const appUpdates = updates;
  Menu.setApplicationMenu(
    buildAppMenu(
      window,
      {
        checkForUpdates: () => void appUpdates?.check(),
        automaticUpdateChecks: appUpdates?.setting.automaticChecks() ?? false,
        setAutomaticUpdateChecks: (on) => appUpdates?.setAutomaticChecks(on),
        openLogsFolder: () => void shell.openPath(app.getPath('logs')),
        reportProblem: () =>
          void (service && reportProblem({ dataDir: paths.dataDir, logFile, status: service.status(), window: mainWindow, text: shellText() })),
      },
      shellText(),
    ),
  );
}

let localApi: LocalApi | null = null;

/** What Settings keeps for the service: the store it works on and Denmark's Datafordeler key. */
interface ServiceSettings {
  teamStore: TeamStoreSetting;
  datafordelerKey: DatafordelerKeySetting;
}

/** The environment's sources, with Denmark's key from Settings (which yields to the environment's). */
function sourcesWith(datafordelerApiKey: string | undefined): ReturnType<typeof serviceSourcesFromEnv> {
  const sources = serviceSourcesFromEnv();
  return datafordelerApiKey ? { ...sources, dk: { ...sources.dk, datafordelerApiKey } } : sources;
}

/**
 * Opens the facade on `store` (a team database, or undefined for the data folder's SQLite copy)
 * with Denmark's key `datafordelerApiKey`, and moves the window's IPC and the local API to it;
 * the facade it replaces is closed only once the new one is open, so a database that does not
 * answer leaves the app as it was.
 */
async function openService(store: string | undefined, datafordelerApiKey: string | undefined, settings: ServiceSettings): Promise<void> {
  const next = await CatastroService.open({ dataDir: paths.dataDir, resourcesDir, sources: sourcesWith(datafordelerApiKey), store });
  const [previous, previousApi] = [service, localApi];
  service = next;
  // The status bar's view of the sources: checked now and every five minutes (the spec's status page).
  next.startStatusChecks();
  localApi = new LocalApi(next, rendererDir);
  const { teamStore, datafordelerKey } = settings;
  setupIpc({
    service: next,
    localApi,
    dragIcon: dragIcon(),
    busy,
    teamStore: { view: () => teamStore.view(), change: (value) => teamStore.change(value, (url) => openService(url, datafordelerKey.current(), settings)) },
    datafordelerKey: {
      view: () => datafordelerKey.view(),
      change: (value) => datafordelerKey.change(value, (key) => openService(teamStore.current(), key, settings)),
    },
    shellLanguage: {
      text: shellText,
      choose: (language) => {
        const chosen = shellLanguage.choose(language);
        if (mainWindow) setMenu(mainWindow);
        return chosen;
      },
    },
    isAppSender: (sender, senderFrameIsMain) =>
      senderFrameIsMain && mainWindow !== null && sender === mainWindow.webContents && sender.getURL().startsWith(APP_URL.replace('index.html', '')),
  });
  await previousApi?.stop();
  previous?.close();
}

/** Files the system asked the app to open (a double-click on a cadastral file), imported once the user agrees. */
async function importOpenedFiles(files: string[]): Promise<void> {
  if (files.length === 0 || !service) return;
  const window = mainWindow;
  const words = shellText().files;
  const options = { type: 'question' as const, ...importQuestion(files, words), buttons: [words.importButton, words.cancel], defaultId: 0, cancelId: 1 };
  if ((window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options)).response !== 0) return;
  const open = service;
  try {
    const results = await busy.track('import', () => open.importFiles(files, (progress) => window?.webContents.send(IpcChannel.importProgress, progress)));
    const parcels = results.reduce((sum, result) => sum + result.parcels, 0);
    await dialog.showMessageBox({
      type: 'info',
      message: words.imported(files.length),
      detail: words.importedDetail(parcels.toLocaleString(shellLanguage.language())),
    });
  } catch (error) {
    log.error('Import of opened files failed:', error);
    await dialog.showMessageBox({ type: 'error', message: words.notImported, detail: (error as Error).message });
  }
}

/** Files handed over before the window was ready (macOS sends open-file before ready). */
const pendingOpenedFiles: string[] = [];
app.on('open-file', (event, file) => {
  event.preventDefault();
  if (service && mainWindow) void importOpenedFiles(openedFiles([file], process.cwd()));
  else pendingOpenedFiles.push(file);
});

async function start(): Promise<void> {
  // Here, not at load: a basemap that cannot be read ends the start with the message below.
  paths = desktopPathsFromArguments(process.argv, app.getPath('userData'));
  // The installed app is one instance: a file double-clicked while it runs arrives in the first one (Windows, Linux).
  if (app.isPackaged && !app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', (_event, argv, workingDirectory) => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
    void importOpenedFiles(openedFiles(argv.slice(1), workingDirectory));
  });
  await app.whenReady();
  logFile = startAppLog();
  updates = new AppUpdates(busy, app.getPath('userData'), () => mainWindow, shellText);
  hardenSession(session.defaultSession);
  serveRenderer(rendererDir, paths.basemapFile);
  const teamStore = new TeamStoreSetting(paths.dataDir);
  const settings: ServiceSettings = { teamStore, datafordelerKey: new DatafordelerKeySetting(paths.dataDir, safeStorage) };
  let unreachable: string | undefined;
  try {
    await openService(teamStore.current(), settings.datafordelerKey.current(), settings);
  } catch (error) {
    if (!teamStore.current()) throw error;
    // The team database does not answer: work on this computer's copy and say so.
    unreachable = `${isServiceError(error) ? messageWithDetail(error) : (error as Error).message}\n\n${shellText().teamStoreFallback}`;
    await openService(undefined, settings.datafordelerKey.current(), settings);
  }
  mainWindow = createWindow();
  if (unreachable) void dialog.showMessageBox(mainWindow, { type: 'warning', message: shellText().teamStoreUnreachable, detail: unreachable });
  app.on('activate', () => {
    if (!mainWindow) mainWindow = createWindow();
  });
  removeTempExports({ staleAfterMs: STALE_DRAG_FOLDER_MS });
  app.on('before-quit', () => {
    updates?.stopAutomaticChecks();
    void localApi?.stop();
    removeTempExports();
    service?.close();
    service = null;
  });
  updates.startAutomaticChecks();
  mainWindow.once(
    'ready-to-show',
    () => void importOpenedFiles([...openedFiles(process.argv.slice(1), process.cwd()), ...openedFiles(pendingOpenedFiles.splice(0), process.cwd())]),
  );
}

// Every other webContents (none is expected) gets the same navigation lock.
app.on('web-contents-created', (_event, contents) => lockNavigation(contents, APP_URL));
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

start().catch((error) => {
  log.error('Catastro Desktop could not start:', error);
  // Said to the user, not only logged: e.g. a copy written by a newer version, or an upgrade that
  // failed and was put back from its backup (core/store/copy-upgrade.ts).
  dialog.showErrorBox(shellText().couldNotStart, (error as Error).message);
  app.exit(1);
});
