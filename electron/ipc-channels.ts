/**
 * Every IPC channel between preload and main, in one Node-free module both sides import
 * (electron/fiddle's ipc-events.ts). Main registers handlers only for these names.
 */
export const IpcChannel = {
  parcel: 'catastro:parcel',
  units: 'catastro:units',
  parcelAt: 'catastro:parcel-at',
  polygon: 'catastro:polygon',
  addressCandidates: 'catastro:address-candidates',
  exportFile: 'catastro:export-file',
  exportSelection: 'catastro:export-selection',
  parcelReport: 'catastro:parcel-report',
  batchPreview: 'catastro:batch-preview',
  batchStart: 'catastro:batch-start',
  batchState: 'catastro:batch-state',
  batchList: 'catastro:batch-list',
  batchResume: 'catastro:batch-resume',
  batchCancel: 'catastro:batch-cancel',
  batchResult: 'catastro:batch-result',
  status: 'catastro:status',
  analysis: 'catastro:analysis',
  overlay: 'catastro:overlay',
  parcelTile: 'catastro:parcel-tile',
  importFiles: 'catastro:import-files',
  pickLayerFiles: 'catastro:pick-layer-files',
  importLayers: 'catastro:import-layers',
  saveExport: 'catastro:save-export',
  prepareDrag: 'catastro:prepare-drag',
  startDrag: 'catastro:start-drag',
  setLocalApi: 'catastro:set-local-api',
  systemLanguages: 'catastro:system-languages',
  offlineAreas: 'catastro:offline-areas',
  offlineDownload: 'catastro:offline-download',
  offlineUpdate: 'catastro:offline-update',
  offlineCancel: 'catastro:offline-cancel',
  offlineRemove: 'catastro:offline-remove',
  importProgress: 'catastro:import-progress',
  offlineProgress: 'catastro:offline-progress',
  layerImportProgress: 'catastro:layer-import-progress',
  menu: 'catastro:menu',
} as const;

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel];
