import type {
  ErrorCode,
  HazardLayerKind,
  HazardLayerProgress,
  HazardLayerResult,
  ImportProgress,
  ImportResult,
  InterruptedOfflineRun,
  OfflineArea,
  OfflineChoice,
  OfflineDownloadResult,
  OfflineProgress,
  ParcelKey,
  PickedLayerFiles,
  SourcesCheckReport,
} from '../../core/model/index.js';
import type { InputArgs, LayerImportOptions, LocalApiState, OutputOf, PublicOperationName } from '../../core/model/operations.js';

export type ExportFormat = 'kml' | 'gpx';
/** Formats of a selection export (one parcel or several). */
export type SelectionFormat = 'geojson' | 'gpkg';
export type { LayerImportOptions, LocalApiState };

/** The analyses the panel shows (spec endpoints 7, 9, 10) and the map's hazard overlays: types of core/model. */
import type { DatafordelerKeyView, OverlayKind, PanelAnalysisKind as AnalysisKind, TeamStoreView } from '../../core/model/index.js';

export type { AnalysisKind, OverlayKind };

export type ImportProgressInfo = ImportProgress;
export type ImportSummary = ImportResult;

export type { HazardLayerKind, HazardLayerProgress, HazardLayerResult, PickedLayerFiles };

/** What the desktop shell adds on top of the service (absent in the browser). */
export interface DesktopCapabilities {
  /** Shows a save dialog and writes the export; returns the path or null when cancelled. */
  saveExport(parcel: ParcelKey, format: ExportFormat): Promise<string | null>;
  /** Starts an OS drag of a real KML/GPX file of the parcel. */
  startDrag(parcel: ParcelKey, format: ExportFormat): void;
  /** Writes the file ahead of the drag: the OS drag has to start while the mouse button is down. */
  prepareDrag(parcel: ParcelKey, format: ExportFormat): Promise<void>;
  /** Starts or stops the local HTTP API (X-API-Key auth); returns its URL when running. */
  setLocalApi(running: boolean, port?: number): Promise<LocalApiState>;
  /** The store the app works on: the data folder's SQLite copy or a shared team database (never its password). */
  teamStore?(): Promise<TeamStoreView>;
  /** Switches to a team database (postgres://…) or back to the local copy (null); refused while it does not answer. */
  setTeamStore?(url: string | null): Promise<TeamStoreView>;
  /** Whether Denmark's Datafordeler API key is kept (never the key itself). */
  datafordelerKey?(): Promise<DatafordelerKeyView>;
  /** Keeps the key (encrypted by the system) and reopens the service with it; null removes it. */
  setDatafordelerKey?(key: string | null): Promise<DatafordelerKeyView>;
  /** The operating system's preferred languages, best first (the UI follows them unless Settings chose one). */
  systemLanguages?(): Promise<string[]>;
  /** Tells the shell the language chosen in Settings (null: the system's), for its menus and dialogs. */
  setShellLanguage?(language: string | null): Promise<unknown>;
}

/** Hazard layers from files: the desktop's OS dialog over IPC, or the browser app of `catastro start` uploading the pick. */
export interface HazardLayerCapabilities {
  /** Asks for hazard-layer files of one kind (picker filtered to its file types); null when the user cancels. */
  pick(kind: HazardLayerKind): Promise<PickedLayerFiles | null>;
  /** Imports the picked files, one transaction per file, with progress per file. */
  import(selection: string, options: LayerImportOptions, onProgress: (progress: HazardLayerProgress) => void): Promise<HazardLayerResult[]>;
}

export type { InterruptedOfflineRun, OfflineArea, OfflineChoice, OfflineDownloadResult, OfflineProgress };
export interface OfflineCapabilities {
  areas(): Promise<OfflineArea[]>;
  download(choice: OfflineChoice, onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult>;
  update(ids: string[], onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult>;
  /** A download or update that did not finish (cancelled, the service unreachable, the app closed), or null. */
  interrupted(): Promise<InterruptedOfflineRun | null>;
  /** Runs it again: what is on disk is resumed, not fetched anew. */
  resume(onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult>;
  /** Forgets it and deletes what it had fetched. */
  discardInterrupted(): Promise<{ bytes: number }>;
  cancel(): Promise<boolean>;
  remove(id: string): Promise<{ parcels: number }>;
}

/**
 * The renderer's one door to the service: IpcClient in Electron, HttpClient in the browser.
 * Every method rejects with ClientError carrying the spec's status and code.
 */
export interface CatastroClient {
  readonly kind: 'ipc' | 'http';
  /**
   * Runs one operation of the table (core/model/operations.ts) with its one input object, over
   * IPC or HTTP: `client.call('parcel', { refcat, country })`. Rejects with ClientError.
   */
  call<K extends PublicOperationName>(name: K, ...input: InputArgs<K>): Promise<OutputOf<K>>;
  /** URL template MapLibre loads parcel vector tiles from ({z}/{x}/{y}). */
  parcelTileUrl(): string;
  readonly desktop?: DesktopCapabilities;
  /**
   * Offline areas of the local copy (Catastro ATOM downloads): list, download, update, cancel,
   * remove. The desktop app over IPC; the browser app of `catastro start` over its session routes;
   * absent in a browser tab of a plain `catastro serve`.
   */
  readonly offline?: OfflineCapabilities;
  /**
   * Asks for cadastre files and imports them into the local copy, with progress; null when the user
   * cancels. The OS dialog in the desktop app, the browser's picker and an upload in the browser app
   * of `catastro start`; absent in a tab of a plain `catastro serve`.
   */
  importFiles?(onProgress: (progress: ImportProgressInfo) => void): Promise<ImportSummary[] | null>;
  /** Hazard layers from files (overlays and analyses); absent in a tab of a plain `catastro serve`. */
  readonly layers?: HazardLayerCapabilities;
  /**
   * The status page's "Check the sources": one real lookup per capability of every country,
   * compared with the known answers (core/status/sources-check.ts). The desktop app over IPC, the
   * browser app of `catastro start` over its session route; absent in a tab of a plain `catastro serve`.
   */
  checkSourcesLive?(): Promise<SourcesCheckReport>;
}

export class ClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR' | 'FORBIDDEN',
    message: string,
    /** The error body's `data`, over either transport: e.g. a refusal's `reason` (core/model/errors.ts RefusalReason), which the app words in the user's language. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}
