import { parcelInput, type SourcesCheckReport } from '../../core/model/index.js';
import type { InputArgs, OutputOf, PublicOperationName } from '../../core/model/operations.js';
import {
  ClientError,
  type CatastroClient,
  type DesktopCapabilities,
  type HazardLayerCapabilities,
  type HazardLayerProgress,
  type HazardLayerResult,
  type ImportProgressInfo,
  type ImportSummary,
  type LayerImportOptions,
  type OfflineCapabilities,
  type OfflineProgress,
} from './catastro-client.js';
import type { DesktopApi, IpcResult } from './desktop-api.js';

/** Custom MapLibre protocol whose tiles come from the main process over IPC. */
export const PARCEL_TILE_PROTOCOL = 'catastro-tile';

/** An IPC answer's data, or its error as the ClientError the app shows (code, text and the error's data: a refusal's reason). */
async function unwrap<T>(call: Promise<IpcResult<T>>): Promise<T> {
  const result = await call;
  if (result.ok) return result.data;
  throw new ClientError(result.error.status, result.error.code, result.error.message, result.error.data);
}
export { unwrap as unwrapIpcResult };

/** Electron: every call goes through the preload's `window.catastro` to the in-process facade. */
export class IpcClient implements CatastroClient {
  readonly kind = 'ipc' as const;
  readonly desktop: DesktopCapabilities;
  readonly offline: OfflineCapabilities;
  readonly layers: HazardLayerCapabilities;

  constructor(private readonly api: DesktopApi) {
    this.layers = {
      pick: (kind) => unwrap(api.pickLayerFiles({ kind })),
      import: (selection, options, onProgress) => this.importLayers(selection, options, onProgress),
    };
    this.offline = {
      areas: () => unwrap(api.offlineAreas()),
      download: (choice, onProgress) => this.withOfflineProgress(onProgress, () => api.offlineDownload({ choice })),
      update: (ids, onProgress) => this.withOfflineProgress(onProgress, () => api.offlineUpdate({ ids })),
      cancel: () => unwrap(api.offlineCancel()),
      remove: (id) => unwrap(api.offlineRemove({ id })),
      interrupted: () => unwrap(api.offlineInterrupted()),
      resume: (onProgress) => this.withOfflineProgress(onProgress, () => api.offlineResume()),
      discardInterrupted: () => unwrap(api.offlineDiscard()),
    };
    this.desktop = {
      saveExport: (parcel, format) => unwrap(api.saveExport({ ...parcelInput(parcel), format })),
      startDrag: (parcel, format) => api.startDrag({ ...parcelInput(parcel), format }),
      prepareDrag: async (parcel, format) => {
        await unwrap(api.prepareDrag({ ...parcelInput(parcel), format }));
      },
      setLocalApi: (running, port) => unwrap(api.setLocalApi({ running, port })),
      teamStore: () => unwrap(api.teamStore()),
      setTeamStore: (url) => unwrap(api.setTeamStore({ url })),
      datafordelerKey: () => unwrap(api.datafordelerKey()),
      setDatafordelerKey: (key) => unwrap(api.setDatafordelerKey({ key })),
      systemLanguages: () => unwrap(api.systemLanguages()),
      setShellLanguage: (language) => unwrap(api.setShellLanguage({ language })),
    };
  }

  private async withOfflineProgress<T>(onProgress: (p: OfflineProgress) => void, call: () => Promise<IpcResult<T>>): Promise<T> {
    const listening = new AbortController();
    this.api.on('offline-progress', onProgress, { signal: listening.signal });
    try {
      return await unwrap(call());
    } finally {
      listening.abort();
    }
  }

  async importFiles(onProgress: (p: ImportProgressInfo) => void): Promise<ImportSummary[] | null> {
    const listening = new AbortController();
    this.api.on('import-progress', onProgress, { signal: listening.signal });
    try {
      return await unwrap(this.api.importFiles());
    } finally {
      listening.abort();
    }
  }

  private async importLayers(selection: string, options: LayerImportOptions, onProgress: (p: HazardLayerProgress) => void): Promise<HazardLayerResult[]> {
    const listening = new AbortController();
    this.api.on('layer-import-progress', onProgress, { signal: listening.signal });
    try {
      return await unwrap(this.api.importLayers({ selection, options }));
    } finally {
      listening.abort();
    }
  }

  call<K extends PublicOperationName>(name: K, ...input: InputArgs<K>): Promise<OutputOf<K>> {
    // One method per operation on the preload's side too (electron/preload.ts), so the name picks it.
    const method = this.api[name] as (...args: InputArgs<K>) => Promise<IpcResult<OutputOf<K>>>;
    return unwrap(method.call(this.api, ...input));
  }

  checkSourcesLive(): Promise<SourcesCheckReport> {
    return unwrap(this.api.sourcesCheck());
  }

  parcelTileUrl(): string {
    return `${PARCEL_TILE_PROTOCOL}://{z}/{x}/{y}`;
  }

  /** Loader for maplibre's addProtocol: `catastro-tile://z/x/y` → MVT bytes from main. */
  async loadTile(url: string): Promise<ArrayBuffer> {
    const match = /^catastro-tile:\/\/(\d+)\/(\d+)\/(\d+)$/.exec(url);
    if (!match) throw new Error(`Not a parcel tile URL: ${url}`);
    const bytes = await unwrap(this.api.parcelTile({ z: Number(match[1]), x: Number(match[2]), y: Number(match[3]) }));
    if (!bytes) return new ArrayBuffer(0);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
}
