import type { FeatureCollection } from 'geojson';
import type { AddressCandidatesResult, AddressParseResult } from './address.js';
import { ANALYSIS_KINDS, type AnalysisKind, type AnalysisResults, type OverlayKind, type PanelAnalysisKind } from './analysis.js';
import type { BatchColumns, BatchPreview, BatchState, FeatureFormat } from './batch.js';
import type { DatafordelerKeyView } from './datafordeler-key.js';
import type { HazardLayerKind, HazardLayerMapping, HazardLayerResult, PickedLayerFiles } from './hazard-layers.js';
import type { OutputLanguage } from './output-language.js';
import type { ImportResult, InterruptedOfflineRun, OfflineArea, OfflineChoice, OfflineDownloadResult } from './import.js';
import type { CoordinateMatch, Parcel, PolygonResult, RusticParcelQuery, UnitsPage } from './parcel.js';
import type { CopyBuildingFacts, CopyExtent } from './extents.js';
import type { SourcesCheckReport } from './sources-check.js';
import type { ServiceStatus } from './status.js';
import type { TeamStoreView } from './team-store.js';

/**
 * Every operation of the service, declared once: what it takes and answers, its HTTP route and
 * price, and who may call it; the TypeBox schemas of its HTTP input and answer are in
 * operation-schemas.ts, keyed by the same names (the type checker holds both to one list), so
 * the renderer's client bundles this table without TypeBox. The fastify routes (core/api/operation-route.ts), the IPC channels and
 * the preload (electron/), DesktopApi and the clients' one generic `call` (renderer/client/) are
 * derived from this table, so a new operation is one entry here plus its facade method, and the
 * two transports cannot drift (test/integration/api/ipc-http-parity.test.ts walks every entry).
 * Node-free: the preload and the renderer bundle it.
 */

/**
 * Who may call an operation over HTTP (core/api/plugins/route-access.ts reads it from the route
 * that matched): `key` an API key with quota, `organisation` an organisation key, `open` anyone.
 * `app-only` operations have no HTTP route: only the desktop app calls them, over IPC.
 */
export type OperationAccess = 'open' | 'key' | 'organisation' | 'app-only';

/**
 * What a 2xx costs (spec: Limits → Quota cost; core/api/plugins/quota-cost.ts counts it):
 * `one` unit, `one-with-data` (nothing for an answer without data), `per-unit` of a units page,
 * `per-parcel` of a file, or `free`.
 */
export type OperationPrice = 'free' | 'one' | 'one-with-data' | 'per-unit' | 'per-parcel';

/** How a 2xx answers over HTTP: the spec's envelope, a text file, a binary file, or a tile (204 when empty). */
export type OperationAnswer = 'json' | 'text' | 'file' | 'tile';

export interface HttpBinding {
  method: 'GET' | 'POST';
  /**
   * fastify's pattern: `:name` is an input field. `{name}` is one route per value of the field's
   * enum (`/api/catastro/:refcat/{kind}` is `/api/catastro/:refcat/solar`, …), so each keeps its
   * own static path, which quotas and caches key on.
   */
  path: string;
  /** 2xx status other than 200. */
  status?: number;
  /** The values each `{name}` segment of the path takes. */
  expand?: Record<string, readonly string[]>;
}

export interface Operation<Input = unknown, Output = unknown> {
  summary: string;
  tag: string;
  access: OperationAccess;
  price: OperationPrice;
  answer: OperationAnswer;
  /** Absent for app-only operations. */
  http?: HttpBinding;
  /** Types only, never set: what a client sends and receives. */
  readonly types?: { input: Input; output: Output };
}

/** A file answer: its name (Content-Disposition over HTTP) and bytes. */
export interface ExportedFile {
  fileName: string;
  bytes: Uint8Array;
}
export type LonLatBox = [number, number, number, number];
/** The mapping and country of a national designated-areas layer; nothing for the other kinds. */
export interface LayerImportOptions {
  mapping?: HazardLayerMapping;
  country?: string;
}
/** The local HTTP API: its URL when running, and the key created for this session (shown once). */
export interface LocalApiState {
  url: string | null;
  apiKey?: string;
}

const op =
  <Input, Output>() =>
  <const O extends Omit<Operation<Input, Output>, 'types'>>(spec: O): O & Operation<Input, Output> =>
    spec;

type Refcat = { refcat: string; country?: string };

/** The operations both transports offer (HTTP with its access and price; IPC for the desktop app). */
export const PUBLIC_OPERATIONS = {
  parcel: op<Refcat, Parcel>()({
    summary: 'Parcel or unit by reference',
    tag: 'Parcels',
    access: 'key',
    price: 'one',
    answer: 'json',
    http: { method: 'GET', path: '/api/catastro/:refcat' },
  }),
  rusticParcel: op<RusticParcelQuery, Parcel>()({
    summary: 'Spanish rustic parcel by province, municipality, polígono and parcela (the Parcel of its reference)',
    tag: 'Parcels',
    access: 'key',
    price: 'one',
    answer: 'json',
    http: { method: 'GET', path: '/api/catastro/rustic' },
  }),
  units: op<Refcat & { cursor?: string }, UnitsPage>()({
    summary: 'All units of a finca, 200 per page',
    tag: 'Parcels',
    access: 'organisation',
    price: 'per-unit',
    answer: 'json',
    http: { method: 'GET', path: '/api/catastro/:refcat/units' },
  }),
  parcelAt: op<{ latitude: number; longitude: number; country?: string }, CoordinateMatch>()({
    summary: 'Parcel at a coordinate pair',
    tag: 'Search',
    access: 'key',
    price: 'one',
    answer: 'json',
    http: { method: 'POST', path: '/api/search/coordinates' },
  }),
  parcelAtPoint: op<{ latitude: number; longitude: number; country?: string }, Parcel>()({
    summary: "The whole parcel at a coordinate pair in one call (the app's point lookup; endpoint 4 answers the reference only). Not in the spec",
    tag: 'Search',
    access: 'key',
    price: 'one',
    answer: 'json',
    http: { method: 'POST', path: '/api/search/coordinates/parcel' },
  }),
  polygon: op<Refcat, PolygonResult>()({
    summary: 'GeoJSON outline',
    tag: 'Parcels',
    access: 'key',
    price: 'one',
    answer: 'json',
    http: { method: 'GET', path: '/api/catastro/:refcat/polygon' },
  }),
  addressCandidates: op<
    { q?: string; limit?: number; country?: string; street?: string; number?: number; municipality?: string; postcode?: string },
    AddressCandidatesResult
  >()({
    summary: 'Address to ranked parcel candidates',
    tag: 'Search',
    access: 'key',
    price: 'one',
    answer: 'json',
    http: { method: 'GET', path: '/api/search/address/candidates' },
  }),
  addressParse: op<{ direccion: string }, AddressParseResult>()({
    summary: 'Spanish free-text address to cadastral reference',
    tag: 'Search',
    access: 'key',
    price: 'one',
    answer: 'json',
    http: { method: 'POST', path: '/api/search/address/parse' },
  }),
  exportFile: op<Refcat & { format: 'kml' | 'gpx' }, string>()({
    summary: 'KML 2.2 document or GPX 1.1 waypoint and track of the outline',
    tag: 'Export',
    access: 'key',
    price: 'one',
    answer: 'text',
    http: { method: 'GET', path: '/api/export/{format}', expand: { format: ['kml', 'gpx'] } },
  }),
  exportSelection: op<{ refcat: string; format: 'geojson' | 'gpkg'; country?: string }, ExportedFile>()({
    summary: 'GeoJSON or GeoPackage of one or more parcels; the selection as a JSON body (for selections too long for a URL)',
    tag: 'Export',
    access: 'key',
    price: 'per-parcel',
    answer: 'file',
    http: { method: 'POST', path: '/api/export/{format}', expand: { format: ['geojson', 'gpkg'] } },
  }),
  report: op<Refcat & { lang?: string }, ExportedFile>()({
    summary: 'One-page A4 PDF report of the parcel: map with neighbours, fields, outline, units summary, analyses at hand',
    tag: 'Parcels',
    access: 'key',
    price: 'one',
    answer: 'file',
    http: { method: 'GET', path: '/api/catastro/:refcat/report.pdf' },
  }),
  batchPreview: op<{ csv: string; columns?: BatchColumns }, BatchPreview>()({
    summary: 'Columns of a CSV and the ones recognised',
    tag: 'Batch',
    access: 'key',
    price: 'free',
    answer: 'json',
    http: { method: 'POST', path: '/api/batch/preview' },
  }),
  batchStart: op<{ csv: string; name?: string; columns?: BatchColumns; country?: string }, BatchState>()({
    summary: 'Start a batch lookup of every row of a CSV',
    tag: 'Batch',
    access: 'key',
    price: 'free',
    answer: 'json',
    http: { method: 'POST', path: '/api/batch', status: 202 },
  }),
  batchList: op<Record<string, never>, BatchState[]>()({
    summary: 'Batches this caller started (with keys on, those of its key), newest first (interrupted ones resumable)',
    tag: 'Batch',
    access: 'key',
    price: 'free',
    answer: 'json',
    http: { method: 'GET', path: '/api/batch' },
  }),
  batchState: op<{ id: string }, BatchState>()({
    summary: 'Progress and problems of a batch',
    tag: 'Batch',
    access: 'key',
    price: 'free',
    answer: 'json',
    http: { method: 'GET', path: '/api/batch/:id' },
  }),
  batchResume: op<{ id: string }, BatchState>()({
    summary: 'Resume an interrupted batch',
    tag: 'Batch',
    access: 'key',
    price: 'free',
    answer: 'json',
    http: { method: 'POST', path: '/api/batch/:id/resume' },
  }),
  batchCancel: op<{ id: string }, BatchState>()({
    summary: 'Stop a running batch (resumable)',
    tag: 'Batch',
    access: 'key',
    price: 'free',
    answer: 'json',
    http: { method: 'POST', path: '/api/batch/:id/cancel' },
  }),
  batchResult: op<{ id: string; format: FeatureFormat; lang?: string }, ExportedFile>()({
    summary: 'The answers of a batch as CSV, GeoJSON, GeoPackage or KML (byte ranges served)',
    tag: 'Batch',
    access: 'key',
    price: 'per-parcel',
    answer: 'file',
    http: { method: 'GET', path: '/api/batch/:id/result.:format' },
  }),
  status: op<Record<string, never>, ServiceStatus>()({
    summary: 'The service and its cadastral sources: health, last check, latency, circuit breaker, recent history',
    tag: 'Status',
    access: 'open',
    price: 'free',
    answer: 'json',
    http: { method: 'GET', path: '/api/status' },
  }),
  extents: op<Record<string, never>, CopyExtent[]>()({
    summary: 'Boxes of the local copy by offline area or municipality (map first view, low-zoom outlines)',
    tag: 'Map',
    access: 'key',
    price: 'one-with-data',
    answer: 'json',
    http: { method: 'GET', path: '/api/extents' },
  }),
  copyBuilding: op<{ refcat: string }, CopyBuildingFacts>()({
    summary:
      "What the local copy records of a Spanish parcel's building: use, built area, year, declared dwellings and units (404 when the copy lacks the parcel)",
    tag: 'Map',
    access: 'key',
    price: 'one',
    answer: 'json',
    http: { method: 'GET', path: '/api/copy/buildings/:refcat' },
  }),
  analysis: op<Refcat & { kind: AnalysisKind }, AnalysisResults[PanelAnalysisKind]>()({
    summary: 'One analysis of the parcel: solar, agro, terrain, ground-motion, score, market',
    tag: 'Analysis',
    access: 'key',
    price: 'one-with-data',
    answer: 'json',
    http: { method: 'GET', path: '/api/catastro/:refcat/{kind}', expand: { kind: ANALYSIS_KINDS } },
  }),
  overlay: op<{ kind: OverlayKind; bbox: LonLatBox; limit?: number }, FeatureCollection>()({
    summary: 'Hazard overlay for a box: protected areas or ground-motion cells (GeoJSON FeatureCollection)',
    tag: 'Map',
    access: 'key',
    price: 'one-with-data',
    answer: 'json',
    http: { method: 'GET', path: '/api/overlays/:kind' },
  }),
  parcelTile: op<{ z: number; x: number; y: number }, Uint8Array | null>()({
    summary: 'Mapbox Vector Tile of the local copy (layer "parcels", property "ref"); 204 when empty',
    tag: 'Map',
    access: 'key',
    price: 'one-with-data',
    answer: 'tile',
    http: { method: 'GET', path: '/api/tiles/parcels/:z/:x/:y.pbf' },
  }),
} as const;

const appOnly = <Input, Output>(summary: string) => op<Input, Output>()({ summary, tag: 'App', access: 'app-only', price: 'free', answer: 'json' });

/** What only the desktop app does (dialogs, settings, imports, downloads): IPC only. */
export const APP_OPERATIONS = {
  importFiles: appOnly<Record<string, never>, ImportResult[] | null>('Asks for cadastre files (OS dialog) and imports them; null when cancelled'),
  pickLayerFiles: appOnly<{ kind: HazardLayerKind }, PickedLayerFiles | null>(
    'Asks for hazard-layer files of one kind; main keeps the paths, the answer names them by id',
  ),
  importLayers: appOnly<{ selection: string; options?: LayerImportOptions }, HazardLayerResult[]>('Imports the picked hazard-layer files'),
  saveExport: appOnly<Refcat & { format: 'kml' | 'gpx' }, string | null>('Save dialog, then the export written; the path or null when cancelled'),
  prepareDrag: appOnly<Refcat & { format: 'kml' | 'gpx' }, null>('Writes the file a later startDrag carries'),
  setLocalApi: appOnly<{ running: boolean; port?: number }, LocalApiState>('Starts or stops the local HTTP API'),
  teamStore: appOnly<Record<string, never>, TeamStoreView>('The store the app works on (never its password)'),
  setTeamStore: appOnly<{ url: string | null }, TeamStoreView>('Switches to a team database or back to the local copy'),
  datafordelerKey: appOnly<Record<string, never>, DatafordelerKeyView>("Whether Denmark's Datafordeler key is kept"),
  setDatafordelerKey: appOnly<{ key: string | null }, DatafordelerKeyView>('Keeps or removes the Datafordeler key'),
  systemLanguages: appOnly<Record<string, never>, string[]>("The operating system's preferred languages, best first"),
  setShellLanguage: appOnly<{ language: string | null }, { language: OutputLanguage }>(
    "The language chosen in Settings (null: the system's) for the shell's menus and dialogs",
  ),
  sourcesCheck: appOnly<Record<string, never>, SourcesCheckReport>("The status page's check of every country's sources (one real lookup per capability)"),
  offlineAreas: appOnly<Record<string, never>, OfflineArea[]>('Offline areas of the copy'),
  offlineDownload: appOnly<{ choice: OfflineChoice }, OfflineDownloadResult>('Downloads an offline area'),
  offlineUpdate: appOnly<{ ids: string[] }, OfflineDownloadResult>('Updates offline areas'),
  offlineCancel: appOnly<Record<string, never>, boolean>('Cancels the running download'),
  offlineRemove: appOnly<{ id: string }, { parcels: number }>('Removes an offline area'),
  offlineInterrupted: appOnly<Record<string, never>, InterruptedOfflineRun | null>('The download that did not finish, or null'),
  offlineResume: appOnly<Record<string, never>, OfflineDownloadResult>('Runs the interrupted download again'),
  offlineDiscard: appOnly<Record<string, never>, { bytes: number }>('Forgets the interrupted download and deletes what it fetched'),
} as const;

export const OPERATIONS = { ...PUBLIC_OPERATIONS, ...APP_OPERATIONS } as const;

export type OperationName = keyof typeof OPERATIONS;
export type PublicOperationName = keyof typeof PUBLIC_OPERATIONS;
export type InputOf<K extends OperationName> = NonNullable<(typeof OPERATIONS)[K]['types']>['input'];
export type OutputOf<K extends OperationName> = NonNullable<(typeof OPERATIONS)[K]['types']>['output'];
/** The arguments of a call: the input, optional where the operation takes none. */
export type InputArgs<K extends OperationName> = Record<string, never> extends InputOf<K> ? [input?: InputOf<K>] : [input: InputOf<K>];

/** The IPC channel of an operation: `catastro:` and its name in kebab case. */
export function ipcChannelOf(name: OperationName): string {
  return `catastro:${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Channels main sends to the window (pushes), or the window sends without an answer. */
export const IPC_EVENTS = {
  'import-progress': 'catastro:import-progress',
  'offline-progress': 'catastro:offline-progress',
  'layer-import-progress': 'catastro:layer-import-progress',
  menu: 'catastro:menu',
} as const;
export type IpcEventName = keyof typeof IPC_EVENTS;
/** The one fire-and-forget call: an OS drag must start while the mouse button is down. */
export const START_DRAG_CHANNEL = 'catastro:start-drag';

/** The concrete paths of an operation's route: one per value of each `{name}` segment. */
export function pathsOf(http: HttpBinding): string[] {
  const expand = (path: string): string[] => {
    const match = /\{(\w+)\}/.exec(path);
    if (!match) return [path];
    return (http.expand?.[match[1]] ?? []).flatMap((value) => expand(path.replace(match[0], value)));
  };
  return expand(http.path);
}

/** The request an input makes over HTTP: path fields into the path, the rest into the query (GET) or a JSON body (POST). */
export function httpRequestOf(
  name: PublicOperationName,
  input: Record<string, unknown> = {},
): { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown> } {
  const { method, path } = PUBLIC_OPERATIONS[name].http;
  const rest = { ...input };
  const filled = path.replace(/[:{](\w+)\}?/g, (_whole, field: string) => {
    const value = rest[field];
    delete rest[field];
    return encodeURIComponent(String(value ?? ''));
  });
  const present = Object.entries(rest).filter(([, value]) => value !== undefined);
  if (method === 'POST') return { method, path: filled, body: Object.fromEntries(present) };
  const query = new URLSearchParams(present.map(([field, value]) => [field, Array.isArray(value) ? value.join(',') : String(value)])).toString();
  return { method, path: query ? `${filled}?${query}` : filled };
}

/** What IPC answers: `{ok:true,data}` or the spec's error (ipc-result.ts). */
type IpcAnswer<T> = Promise<import('./ipc-result.js').IpcResult<T>>;
/** The preload's methods, one per operation: DesktopApi (renderer/client/desktop-api.ts) without its events. */
export type OperationApi = { [K in OperationName]: (...input: InputArgs<K>) => IpcAnswer<OutputOf<K>> };
