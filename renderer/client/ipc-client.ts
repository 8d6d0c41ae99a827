import type { CopyBuildingFacts, CopyExtent, BatchColumns, BatchPreview, BatchState, FeatureFormat, CoordinateMatch, Parcel, PolygonResult, RusticParcelQuery, SourcesCheckReport, UnitsPage } from '../../core/model/index.js';
import {
  ClientError,
  type AddressSearchResult, type AnalysisKind, type AnalysisResults, type CatastroClient, type DesktopCapabilities, type HazardLayerCapabilities,
  type ExportFormat, type ExportedFile, type SelectionFormat, type HazardLayerProgress, type HazardLayerResult, type ImportProgressInfo, type ImportSummary, type LayerImportOptions,
  type LonLatBox, type OfflineCapabilities, type OfflineProgress, type OverlayKind, type ServiceStatusInfo,
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
      pick: (kind) => unwrap(api.pickLayerFiles(kind)),
      import: (selection, options, onProgress) => this.importLayers(selection, options, onProgress),
    };
    this.offline = {
      areas: () => unwrap(api.offlineAreas()),
      download: (choice, onProgress) => this.withOfflineProgress(onProgress, () => api.offlineDownload(choice)),
      update: (ids, onProgress) => this.withOfflineProgress(onProgress, () => api.offlineUpdate(ids)),
      cancel: () => unwrap(api.offlineCancel()),
      remove: (id) => unwrap(api.offlineRemove(id)),
      interrupted: () => unwrap(api.offlineInterrupted()),
      resume: (onProgress) => this.withOfflineProgress(onProgress, () => api.offlineResume()),
      discardInterrupted: () => unwrap(api.offlineDiscard()),
    };
    this.desktop = {
      saveExport: (ref, format) => unwrap(api.saveExport(ref, format)),
      startDrag: (ref, format) => api.startDrag(ref, format),
      prepareDrag: async (ref, format) => { await unwrap(api.prepareDrag(ref, format)); },
      setLocalApi: (running, port) => unwrap(api.setLocalApi(running, port)),
      teamStore: () => unwrap(api.teamStore()),
      setTeamStore: (url) => unwrap(api.setTeamStore(url)),
      datafordelerKey: () => unwrap(api.datafordelerKey()),
      setDatafordelerKey: (key) => unwrap(api.setDatafordelerKey(key)),
      systemLanguages: () => unwrap(api.systemLanguages()),
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
      return await unwrap(this.api.importLayers(selection, options));
    } finally {
      listening.abort();
    }
  }

  parcel(ref: string, country?: string): Promise<Parcel> { return unwrap(this.api.parcel(ref, country)); }
  rusticParcel(asked: RusticParcelQuery): Promise<Parcel> { return unwrap(this.api.rusticParcel(asked)); }
  units(ref14: string, cursor?: string): Promise<UnitsPage> { return unwrap(this.api.units(ref14, cursor)); }
  parcelAt(latitude: number, longitude: number): Promise<CoordinateMatch> { return unwrap(this.api.parcelAt(latitude, longitude)); }
  polygon(ref: string): Promise<PolygonResult> { return unwrap(this.api.polygon(ref)); }
  addressCandidates(q: string, limit = 8, country?: string): Promise<AddressSearchResult> { return unwrap(this.api.addressCandidates(q, limit, country)); }
  exportFile(ref: string, format: ExportFormat): Promise<string> { return unwrap(this.api.exportFile(ref, format)); }
  exportSelection(refs: string[], format: SelectionFormat): Promise<ExportedFile> { return unwrap(this.api.exportSelection(refs, format)); }
  report(ref: string, language?: string): Promise<ExportedFile> { return unwrap(this.api.parcelReport(ref, language)); }
  batchPreview(csv: string, columns?: BatchColumns): Promise<BatchPreview> { return unwrap(this.api.batchPreview(csv, columns)); }
  batchStart(csv: string, name: string, columns: BatchColumns): Promise<BatchState> { return unwrap(this.api.batchStart(csv, name, columns)); }
  batchState(id: string): Promise<BatchState> { return unwrap(this.api.batchState(id)); }
  batchList(): Promise<BatchState[]> { return unwrap(this.api.batchList()); }
  batchResume(id: string): Promise<BatchState> { return unwrap(this.api.batchResume(id)); }
  batchCancel(id: string): Promise<BatchState> { return unwrap(this.api.batchCancel(id)); }
  batchResult(id: string, format: FeatureFormat): Promise<ExportedFile> { return unwrap(this.api.batchResult(id, format)); }
  status(): Promise<ServiceStatusInfo> { return unwrap(this.api.status()); }
  checkSourcesLive(): Promise<SourcesCheckReport> { return unwrap(this.api.sourcesCheck()); }

  extents(): Promise<CopyExtent[]> { return unwrap(this.api.extents()); }
  copyBuilding(ref: string): Promise<CopyBuildingFacts> { return unwrap(this.api.copyBuilding(ref)); }
  analysis<K extends AnalysisKind>(kind: K, ref: string): Promise<AnalysisResults[K]> {
    return unwrap(this.api.analysis(kind, ref)) as Promise<AnalysisResults[K]>;
  }
  overlay(kind: OverlayKind, bbox: LonLatBox): Promise<GeoJSON.FeatureCollection> { return unwrap(this.api.overlay(kind, bbox)); }
  parcelTileUrl(): string { return `${PARCEL_TILE_PROTOCOL}://{z}/{x}/{y}`; }

  /** Loader for maplibre's addProtocol: `catastro-tile://z/x/y` → MVT bytes from main. */
  async loadTile(url: string): Promise<ArrayBuffer> {
    const match = /^catastro-tile:\/\/(\d+)\/(\d+)\/(\d+)$/.exec(url);
    if (!match) throw new Error(`Not a parcel tile URL: ${url}`);
    const bytes = await unwrap(this.api.parcelTile(Number(match[1]), Number(match[2]), Number(match[3])));
    if (!bytes) return new ArrayBuffer(0);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
}
