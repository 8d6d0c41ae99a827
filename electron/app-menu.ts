import { Menu, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { IpcChannel } from './ipc-channels.js';

/** Same names as renderer/client/desktop-api.ts MenuCommand: menu items become renderer commands. */
type MenuCommand =
  | 'import'
  | 'import-protected-areas'
  | 'import-ground-motion'
  | 'import-designated-areas'
  | 'export-kml'
  | 'export-gpx'
  | 'toggle-basemap'
  | 'toggle-cadastre-wms'
  | 'toggle-parcels'
  | 'toggle-outlines'
  | 'focus-search'
  | 'open-settings';

const HELP_URL = 'https://www.catastro.hacienda.gob.es/';

/** Help's support items: updates, the log folder, the problem report (wired in main.ts). */
export interface HelpActions {
  checkForUpdates: () => void;
  automaticUpdateChecks: boolean;
  setAutomaticUpdateChecks: (on: boolean) => void;
  openLogsFolder: () => void;
  reportProblem: () => void;
}

export function buildAppMenu(window: BrowserWindow, help: HelpActions): Menu {
  const send = (command: MenuCommand) => () => window.webContents.send(IpcChannel.menu, command);
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        { label: 'Import cadastre files…', accelerator: 'CmdOrCtrl+O', click: send('import') },
        {
          label: 'Import hazard layers',
          submenu: [
            { label: 'Protected areas (Natura 2000)…', click: send('import-protected-areas') },
            { label: 'Ground motion (EGMS tiles)…', click: send('import-ground-motion') },
            { label: 'National designated areas…', click: send('import-designated-areas') },
          ],
        },
        { type: 'separator' },
        { label: 'Export selected parcel as KML…', accelerator: 'CmdOrCtrl+E', click: send('export-kml') },
        { label: 'Export selected parcel as GPX…', accelerator: 'CmdOrCtrl+Shift+E', click: send('export-gpx') },
        { type: 'separator' },
        { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: send('open-settings') },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Find parcel', accelerator: 'CmdOrCtrl+F', click: send('focus-search') },
        { type: 'separator' },
        { label: 'Basemap (OpenStreetMap)', click: send('toggle-basemap') },
        { label: 'Catastro WMS overlay', click: send('toggle-cadastre-wms') },
        { label: 'Local parcels', click: send('toggle-parcels') },
        { label: 'Country outlines', click: send('toggle-outlines') },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        { role: 'toggleDevTools' },
      ],
    },
    {
      role: 'help',
      submenu: [
        { label: 'Spanish cadastre (Sede Electrónica del Catastro)', click: () => void shell.openExternal(HELP_URL) },
        { label: 'Local API docs (when running): /api/docs', enabled: false },
        { type: 'separator' },
        { label: 'Check for updates…', click: help.checkForUpdates },
        {
          label: 'Check for updates automatically',
          type: 'checkbox',
          checked: help.automaticUpdateChecks,
          click: (item) => help.setAutomaticUpdateChecks(item.checked),
        },
        { type: 'separator' },
        { label: 'Open logs folder', click: help.openLogsFolder },
        { label: 'Report a problem…', click: help.reportProblem },
        { type: 'separator' },
        { role: 'about' },
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}
