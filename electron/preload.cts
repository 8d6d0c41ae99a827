// Sandboxed preloads run as CommonJS scripts (no ESM), hence the .cts extension.
// Exposes one narrow method per operation as window.catastro; never ipcRenderer itself.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

// Duplicated from ipc-channels.ts: a sandboxed preload can only require 'electron', not sibling files.
const Channel = {
  parcel: 'catastro:parcel',
  rusticParcel: 'catastro:rustic-parcel',
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
  sourcesCheck: 'catastro:sources-check',
  extents: 'catastro:extents',
  copyBuilding: 'catastro:copy-building',
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
  teamStore: 'catastro:team-store',
  setTeamStore: 'catastro:set-team-store',
  datafordelerKey: 'catastro:datafordeler-key',
  setDatafordelerKey: 'catastro:set-datafordeler-key',
  systemLanguages: 'catastro:system-languages',
  offlineAreas: 'catastro:offline-areas',
  offlineDownload: 'catastro:offline-download',
  offlineUpdate: 'catastro:offline-update',
  offlineCancel: 'catastro:offline-cancel',
  offlineRemove: 'catastro:offline-remove',
  offlineInterrupted: 'catastro:offline-interrupted',
  offlineResume: 'catastro:offline-resume',
  offlineDiscard: 'catastro:offline-discard',
  importProgress: 'catastro:import-progress',
  offlineProgress: 'catastro:offline-progress',
  layerImportProgress: 'catastro:layer-import-progress',
  menu: 'catastro:menu',
} as const;

const PUSH_EVENTS = {
  'import-progress': Channel.importProgress,
  'offline-progress': Channel.offlineProgress,
  'layer-import-progress': Channel.layerImportProgress,
  menu: Channel.menu,
} as const;
type PushEvent = keyof typeof PUSH_EVENTS;

const api = {
  parcel: (ref: string, country?: string) => ipcRenderer.invoke(Channel.parcel, ref, country),
  rusticParcel: (asked: unknown) => ipcRenderer.invoke(Channel.rusticParcel, asked),
  units: (ref14: string, cursor?: string) => ipcRenderer.invoke(Channel.units, ref14, cursor),
  parcelAt: (latitude: number, longitude: number) => ipcRenderer.invoke(Channel.parcelAt, latitude, longitude),
  polygon: (ref: string) => ipcRenderer.invoke(Channel.polygon, ref),
  addressCandidates: (q: string, limit: number, country?: string) => ipcRenderer.invoke(Channel.addressCandidates, q, limit, country),
  exportFile: (ref: string, format: string) => ipcRenderer.invoke(Channel.exportFile, ref, format),
  exportSelection: (refs: string[], format: string) => ipcRenderer.invoke(Channel.exportSelection, refs, format),
  parcelReport: (ref: string, language?: string) => ipcRenderer.invoke(Channel.parcelReport, ref, language),
  batchPreview: (csv: string, columns?: unknown) => ipcRenderer.invoke(Channel.batchPreview, csv, columns),
  batchStart: (csv: string, name: string, columns: unknown) => ipcRenderer.invoke(Channel.batchStart, csv, name, columns),
  batchState: (id: string) => ipcRenderer.invoke(Channel.batchState, id),
  batchList: () => ipcRenderer.invoke(Channel.batchList),
  batchResume: (id: string) => ipcRenderer.invoke(Channel.batchResume, id),
  batchCancel: (id: string) => ipcRenderer.invoke(Channel.batchCancel, id),
  batchResult: (id: string, format: string) => ipcRenderer.invoke(Channel.batchResult, id, format),
  status: () => ipcRenderer.invoke(Channel.status),
  sourcesCheck: () => ipcRenderer.invoke(Channel.sourcesCheck),
  extents: () => ipcRenderer.invoke(Channel.extents),
  copyBuilding: (ref: string) => ipcRenderer.invoke(Channel.copyBuilding, ref),
  analysis: (kind: string, ref: string) => ipcRenderer.invoke(Channel.analysis, kind, ref),
  overlay: (kind: string, bbox: number[]) => ipcRenderer.invoke(Channel.overlay, kind, bbox),
  parcelTile: (z: number, x: number, y: number) => ipcRenderer.invoke(Channel.parcelTile, z, x, y),
  importFiles: () => ipcRenderer.invoke(Channel.importFiles),
  pickLayerFiles: (kind: string) => ipcRenderer.invoke(Channel.pickLayerFiles, kind),
  importLayers: (selection: string, options?: unknown) => ipcRenderer.invoke(Channel.importLayers, selection, options),
  saveExport: (ref: string, format: string) => ipcRenderer.invoke(Channel.saveExport, ref, format),
  prepareDrag: (ref: string, format: string) => ipcRenderer.invoke(Channel.prepareDrag, ref, format),
  startDrag: (ref: string, format: string) => ipcRenderer.send(Channel.startDrag, ref, format),
  setLocalApi: (running: boolean, port?: number) => ipcRenderer.invoke(Channel.setLocalApi, running, port),
  teamStore: () => ipcRenderer.invoke(Channel.teamStore),
  setTeamStore: (url: string | null) => ipcRenderer.invoke(Channel.setTeamStore, url),
  datafordelerKey: () => ipcRenderer.invoke(Channel.datafordelerKey),
  setDatafordelerKey: (key: string | null) => ipcRenderer.invoke(Channel.setDatafordelerKey, key),
  systemLanguages: () => ipcRenderer.invoke(Channel.systemLanguages),
  offlineAreas: () => ipcRenderer.invoke(Channel.offlineAreas),
  offlineDownload: (choice: unknown) => ipcRenderer.invoke(Channel.offlineDownload, choice),
  offlineUpdate: (ids: string[]) => ipcRenderer.invoke(Channel.offlineUpdate, ids),
  offlineCancel: () => ipcRenderer.invoke(Channel.offlineCancel),
  offlineRemove: (id: string) => ipcRenderer.invoke(Channel.offlineRemove, id),
  offlineInterrupted: () => ipcRenderer.invoke(Channel.offlineInterrupted),
  offlineResume: () => ipcRenderer.invoke(Channel.offlineResume),
  offlineDiscard: () => ipcRenderer.invoke(Channel.offlineDiscard),
  // `never`: each push event's listener takes its own payload type (DesktopApi.on's overloads).
  on: (event: PushEvent, listener: (payload: never) => void, options?: { signal?: AbortSignal }) => {
    const channel = PUSH_EVENTS[event];
    if (!channel) throw new Error(`Unknown event ${String(event)}`);
    // Only the payload crosses over: the renderer never sees the IpcRendererEvent (it holds `sender`).
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(channel, forward);
    options?.signal?.addEventListener('abort', () => ipcRenderer.removeListener(channel, forward), { once: true });
  },
};

/** The exposed object's type: test/unit/electron/preload-api.test.ts checks it against the renderer's DesktopApi. */
export type PreloadApi = typeof api;

contextBridge.exposeInMainWorld('catastro', api);
