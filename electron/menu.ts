import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../renderer/client/desktop-api.js';

export interface MenuActions {
  send(command: MenuCommand): void;
  openExternal(url: string): void;
  isMac: boolean;
}

const HELP_URL = 'https://www.catastro.hacienda.gob.es/';

/** File → import/export, View → layers, Help. Items only forward commands; the renderer acts. */
export function menuTemplate({ send, openExternal, isMac }: MenuActions): MenuItemConstructorOptions[] {
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Import cadastre files…', accelerator: 'CmdOrCtrl+O', click: () => send('import') },
        { type: 'separator' },
        { label: 'Export selected parcel as KML…', accelerator: 'CmdOrCtrl+E', click: () => send('export-kml') },
        { label: 'Export selected parcel as GPX…', accelerator: 'CmdOrCtrl+Shift+E', click: () => send('export-gpx') },
        { type: 'separator' },
        { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => send('open-settings') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Search', accelerator: 'CmdOrCtrl+F', click: () => send('focus-search') },
        { type: 'separator' },
        { label: 'OpenStreetMap basemap', click: () => send('toggle-basemap') },
        { label: 'Catastro WMS overlay', click: () => send('toggle-cadastre-wms') },
        { label: 'Parcels of the local copy', click: () => send('toggle-parcels') },
        { label: 'Country outlines', click: () => send('toggle-outlines') },
        { type: 'separator' },
        { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { role: 'togglefullscreen' },
      ],
    },
    {
      role: 'help',
      submenu: [
        { label: 'Catastro (Sede Electrónica)', click: () => openExternal(HELP_URL) },
        { label: 'Keyboard: / search, Escape clear', enabled: false },
      ],
    },
  ];
}
