import { Menu, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import type { ShellText } from '../core/desktop/shell-text/index.js';
import type { MenuCommand } from '../core/model/menu-command.js';
import { IpcChannel } from './ipc-channels.js';

const HELP_URL = 'https://www.catastro.hacienda.gob.es/';

/** Help's support items: updates, the log folder, the problem report (wired in main.ts). */
export interface HelpActions {
  checkForUpdates: () => void;
  automaticUpdateChecks: boolean;
  setAutomaticUpdateChecks: (on: boolean) => void;
  openLogsFolder: () => void;
  reportProblem: () => void;
}

/** The application menu in the shell's language (`text`); role items get their label from it too. */
export function buildAppMenu(window: BrowserWindow, help: HelpActions, text: ShellText): Menu {
  const send = (command: MenuCommand) => () => window.webContents.send(IpcChannel.menu, command);
  const words = text.menu;
  const template: MenuItemConstructorOptions[] = [
    {
      label: words.file,
      submenu: [
        { label: words.importCadastre, accelerator: 'CmdOrCtrl+O', click: send('import') },
        {
          label: words.importHazardLayers,
          submenu: [
            { label: words.protectedAreas, click: send('import-protected-areas') },
            { label: words.groundMotion, click: send('import-ground-motion') },
            { label: words.designatedAreas, click: send('import-designated-areas') },
          ],
        },
        { type: 'separator' },
        { label: words.exportKml, accelerator: 'CmdOrCtrl+E', click: send('export-kml') },
        { label: words.exportGpx, accelerator: 'CmdOrCtrl+Shift+E', click: send('export-gpx') },
        { type: 'separator' },
        { label: words.settings, accelerator: 'CmdOrCtrl+,', click: send('open-settings') },
        { type: 'separator' },
        { role: 'quit', label: words.quit },
      ],
    },
    {
      label: words.edit,
      submenu: [
        { role: 'undo', label: words.undo },
        { role: 'redo', label: words.redo },
        { type: 'separator' },
        { role: 'cut', label: words.cut },
        { role: 'copy', label: words.copy },
        { role: 'paste', label: words.paste },
        { role: 'selectAll', label: words.selectAll },
      ],
    },
    {
      label: words.view,
      submenu: [
        { label: words.findParcel, accelerator: 'CmdOrCtrl+F', click: send('focus-search') },
        { type: 'separator' },
        { label: words.basemap, click: send('toggle-basemap') },
        { label: words.cadastreWms, click: send('toggle-cadastre-wms') },
        { label: words.localParcels, click: send('toggle-parcels') },
        { label: words.countryOutlines, click: send('toggle-outlines') },
        { type: 'separator' },
        { role: 'resetZoom', label: words.actualSize },
        { role: 'zoomIn', label: words.zoomIn },
        { role: 'zoomOut', label: words.zoomOut },
        { type: 'separator' },
        { role: 'togglefullscreen', label: words.fullScreen },
        { role: 'toggleDevTools', label: words.developerTools },
      ],
    },
    {
      role: 'help',
      label: words.help,
      submenu: [
        { label: words.spanishCadastre, click: () => void shell.openExternal(HELP_URL) },
        { label: words.apiDocs, enabled: false },
        { type: 'separator' },
        { label: words.checkForUpdates, click: help.checkForUpdates },
        {
          label: words.automaticUpdates,
          type: 'checkbox',
          checked: help.automaticUpdateChecks,
          click: (item) => help.setAutomaticUpdateChecks(item.checked),
        },
        { type: 'separator' },
        { label: words.openLogs, click: help.openLogsFolder },
        { label: words.reportProblem, click: help.reportProblem },
        { type: 'separator' },
        { role: 'about', label: words.about },
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}
