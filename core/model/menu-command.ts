/** Menu items the Electron main process forwards to the renderer (File, View): each becomes a renderer command. */
export type MenuCommand =
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
