/**
 * The API the Electron preload exposes as `window.catastro` (contextBridge). Shared as a type
 * only: the preload implements it, IpcClient consumes it. Every call answers an IpcResult.
 */
import type { CopyBuildingFacts, CopyExtent, DatafordelerKeyView, RusticParcelQuery, SourcesCheckReport, TeamStoreView } from '../../core/model/index.js';
import type {
  BatchColumns, BatchPreview, BatchState, FeatureFormat,
  CoordinateMatch, InterruptedOfflineRun, OfflineArea, OfflineChoice, OfflineDownloadResult, OfflineProgress, Parcel, PolygonResult, UnitsPage,
} from '../../core/model/index.js';
import type {
  AddressSearchResult, AnalysisKind, AnalysisResults, ExportFormat, ExportedFile, SelectionFormat, HazardLayerKind, HazardLayerProgress, HazardLayerResult, ImportProgressInfo,
  ImportSummary, LayerImportOptions, LocalApiState, LonLatBox, OverlayKind, PickedLayerFiles, ServiceStatusInfo,
} from './catastro-client.js';

import type { IpcResult } from '../../core/model/index.js';

export type { IpcResult };

export interface DesktopApi {
  parcel(ref: string, country?: string): Promise<IpcResult<Parcel>>;
  rusticParcel(asked: RusticParcelQuery): Promise<IpcResult<Parcel>>;
  units(ref14: string, cursor?: string): Promise<IpcResult<UnitsPage>>;
  parcelAt(latitude: number, longitude: number): Promise<IpcResult<CoordinateMatch>>;
  polygon(ref: string): Promise<IpcResult<PolygonResult>>;
  addressCandidates(q: string, limit: number, country?: string): Promise<IpcResult<AddressSearchResult>>;
  exportFile(ref: string, format: ExportFormat): Promise<IpcResult<string>>;
  exportSelection(refs: string[], format: SelectionFormat): Promise<IpcResult<ExportedFile>>;
  parcelReport(ref: string, language?: string): Promise<IpcResult<ExportedFile>>;
  batchPreview(csv: string, columns?: BatchColumns): Promise<IpcResult<BatchPreview>>;
  batchStart(csv: string, name: string, columns: BatchColumns): Promise<IpcResult<BatchState>>;
  batchState(id: string): Promise<IpcResult<BatchState>>;
  batchList(): Promise<IpcResult<BatchState[]>>;
  batchResume(id: string): Promise<IpcResult<BatchState>>;
  batchCancel(id: string): Promise<IpcResult<BatchState>>;
  batchResult(id: string, format: FeatureFormat): Promise<IpcResult<ExportedFile>>;
  status(): Promise<IpcResult<ServiceStatusInfo>>;
  sourcesCheck(): Promise<IpcResult<SourcesCheckReport>>;
  extents(): Promise<IpcResult<CopyExtent[]>>;
  copyBuilding(ref: string): Promise<IpcResult<CopyBuildingFacts>>;
  analysis(kind: AnalysisKind, ref: string): Promise<IpcResult<AnalysisResults[AnalysisKind]>>;
  overlay(kind: OverlayKind, bbox: LonLatBox): Promise<IpcResult<GeoJSON.FeatureCollection>>;
  /** Bytes of one MVT tile of the local copy, or null when empty. */
  parcelTile(z: number, x: number, y: number): Promise<IpcResult<Uint8Array | null>>;
  importFiles(): Promise<IpcResult<ImportSummary[] | null>>;
  /** Opens the dialog for one kind of hazard layer; main keeps the paths, the answer carries an id for importLayers. */
  pickLayerFiles(kind: HazardLayerKind): Promise<IpcResult<PickedLayerFiles | null>>;
  importLayers(selection: string, options?: LayerImportOptions): Promise<IpcResult<HazardLayerResult[]>>;
  saveExport(ref: string, format: ExportFormat): Promise<IpcResult<string | null>>;
  /** Writes the file a later startDrag carries (the drag itself must start synchronously). */
  prepareDrag(ref: string, format: ExportFormat): Promise<IpcResult<null>>;
  startDrag(ref: string, format: ExportFormat): void;
  setLocalApi(running: boolean, port?: number): Promise<IpcResult<LocalApiState>>;
  teamStore(): Promise<IpcResult<TeamStoreView>>;
  setTeamStore(url: string | null): Promise<IpcResult<TeamStoreView>>;
  datafordelerKey(): Promise<IpcResult<DatafordelerKeyView>>;
  setDatafordelerKey(key: string | null): Promise<IpcResult<DatafordelerKeyView>>;
  /** The operating system's preferred languages (BCP 47, best first). */
  systemLanguages(): Promise<IpcResult<string[]>>;
  offlineAreas(): Promise<IpcResult<OfflineArea[]>>;
  offlineDownload(choice: OfflineChoice): Promise<IpcResult<OfflineDownloadResult>>;
  offlineUpdate(ids: string[]): Promise<IpcResult<OfflineDownloadResult>>;
  offlineCancel(): Promise<IpcResult<boolean>>;
  offlineRemove(id: string): Promise<IpcResult<{ parcels: number }>>;
  offlineInterrupted(): Promise<IpcResult<InterruptedOfflineRun | null>>;
  offlineResume(): Promise<IpcResult<OfflineDownloadResult>>;
  offlineDiscard(): Promise<IpcResult<{ bytes: number }>>;
  /** Subscribes to main-process pushes; the signal unsubscribes. */
  on(event: 'import-progress', listener: (progress: ImportProgressInfo) => void, options?: { signal?: AbortSignal }): void;
  on(event: 'offline-progress', listener: (progress: OfflineProgress) => void, options?: { signal?: AbortSignal }): void;
  on(event: 'layer-import-progress', listener: (progress: HazardLayerProgress) => void, options?: { signal?: AbortSignal }): void;
  on(event: 'menu', listener: (command: MenuCommand) => void, options?: { signal?: AbortSignal }): void;
}

/** Menu items main forwards to the renderer (File, View). */
export type MenuCommand =
  | 'import' | 'import-protected-areas' | 'import-ground-motion' | 'import-designated-areas' | 'export-kml' | 'export-gpx'
  | 'toggle-basemap' | 'toggle-cadastre-wms' | 'toggle-parcels' | 'toggle-outlines'
  | 'focus-search' | 'open-settings';

declare global {
  interface Window {
    catastro?: DesktopApi;
  }
}
