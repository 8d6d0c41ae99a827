import path from 'node:path';
import { appFile } from './app-files.js';
import { readAddressQuery, readDireccion, type AddressCandidatesInput } from './address/candidates-input.js';
import { AnalysisService, type AnalysisSourcesConfig } from './analysis/analysis-service.js';
import { checkHazardLayerRequest } from './analysis/hazard-layer-request.js';
import { importHazardLayers } from './analysis/import-hazard-layers.js';
import { layerFields } from './analysis/terrain/layer-fields.js';
import type { AdapterContext, CountryAdapter } from './countries/adapter.js';
import { CountryRegistry, type SourcesConfig } from './countries/registry.js';
import { officialViewerLink } from './countries/official-viewers.js';
import { withForalReferences } from './countries/foral/address-candidates.js';
import { parcelToGpx } from './export/gpx.js';
import { parcelToKml } from './export/kml.js';
import { MIME_OF_FORMAT } from './export/write-table.js';
import { FilesThread } from './files-thread.js';
import { nearReferencesHeld } from './near-references.js';
import {
  MAX_SELECTION,
  optionalCountry,
  requireRusticParcel,
  optionalOverlayLimit,
  requireBBox,
  requireOverlayKind,
  optionalCursor,
  requireLatitude,
  requireLongitude,
  requireReference,
  requireParcelList,
  requireTile,
} from './input.js';
import { parcelTile } from './map/parcel-tiles.js';
import {
  FEATURE_FORMATS,
  ServiceError,
  isFeatureFormat,
  isServiceError,
  noCoverage,
  requireOutputLanguage,
  validationError,
  type AddressCandidatesResult,
  type CopyBuildingFacts,
  type CopyExtent,
  type AddressParseResult,
  type AnalysisKind,
  type CoordinateMatch,
  type LonLat,
  type HazardLayerProgress,
  type HazardLayerResult,
  type Parcel,
  type ServiceStatus,
  type SourcesCheckReport,
  type ParcelQuery,
  type PolygonResult,
  type UnitsPage,
  referenceFileName,
} from './model/index.js';
import { BatchJobs } from './batch/batch-jobs.js';
import { gatherReport } from './report/gather-report.js';

import { resolveEsSources } from './countries/es/config.js';
import { resolveFrSources } from './countries/fr/config.js';
import { OfflineAreasService } from './offline/offline-areas-service.js';
import { IMPORT_FORMATS } from './countries/import-formats.js';
import type { CadastralStore } from './store/cadastral-store.js';
import { openCadastralStore } from './store/open-store.js';
import type { ImportProgress, ImportResult } from './model/records.js';
import { DEFAULT_CHECK_INTERVAL_MS, SourceMonitor } from './status/source-monitor.js';
import { checkSourcesLive } from './status/sources-check.js';
import { UpstreamClient } from './upstream/upstream-client.js';

export const API_VERSION = '2026-10-01';

export type { AnalysisKind } from './model/index.js';

/** A point lookup's input (endpoint 4's body): checked by the facade. */
type PointInput = { latitude?: unknown; longitude?: unknown; country?: unknown };

export interface ServiceOptions {
  /** Folder holding the local copy (`catastro.sqlite`). */
  dataDir: string;
  /**
   * A team store: `postgres://…` of a PostgreSQL/PostGIS database shared by several server
   * processes or machines, holding the parcels, units, keys and quotas. The data folder then
   * keeps only what is still local (analysis layers, offline areas).
   */
  store?: string;
  /**
   * A streaming replica of `store` (`postgres://…`): lookups read there, while writes, imports,
   * keys and quota charges stay on `store`, so quotas stay exact however far the replica lags.
   */
  storeRead?: string;
  /** Server processes sharing this machine's cores (`serve --workers`): the team store's connections are shared out among them. */
  processes?: number;
  /** Bundled resources (sample data, styles); defaults to the repository's resources/. */
  resourcesDir?: string;
  /** Base URLs per country (`es`, …) and of the analysis sources; unset ones are the official services. */
  sources?: SourcesConfig & { analysis?: Partial<AnalysisSourcesConfig> };
  /** Import the bundled sample municipality on first run (default true). */
  importSample?: boolean;
  upstream?: ConstructorParameters<typeof UpstreamClient>[0];
}

/** A file of several parcels, ready to send or save. */
export interface ParcelExport {
  bytes: Buffer;
  count: number;
  mime: string;
  fileName: string;
}

/**
 * The one door into the core: HTTP routes and Electron IPC handlers call these methods and
 * nothing else. Each validates its own input, so both callers get the spec's errors.
 */
export class CatastroService {
  /** The status page's scheduled checks of every source (started by the server and the desktop app). */
  private readonly monitor: SourceMonitor;
  /** Bundled resources: the report's fonts (the sample is read once, at open). */
  private resourcesDir = appFile('resources');
  private readonly files = new FilesThread();
  /** Hazard-layer imports queue behind each other: two writers would wait on SQLite's lock, then fail. */
  private layerImports: Promise<unknown> = Promise.resolve();

  private constructor(
    /**
     * Where lookups read and live answers are kept: the data folder's embedded copy, or the team
     * database (`options.store`); what stays in the data folder either way is `store.local`.
     */
    readonly store: CadastralStore,
    private readonly countries: CountryRegistry,
    private readonly http: UpstreamClient,
    /** The data folder: the copy's file (or, with a team store, what stays local), batches, downloads, uploads. */
    readonly dataDir: string,
    readonly analyses: AnalysisService,
    /** Areas made available offline: download (Spain: Catastro ATOM; France: Etalab), list, update, remove. */
    readonly offline: OfflineAreasService,
  ) {
    this.monitor = new SourceMonitor(http, countries.statusChecks());
  }

  static async open(options: ServiceOptions): Promise<CatastroService> {
    const store = await openCadastralStore({
      dataDir: options.dataDir,
      team: options.store,
      teamRead: options.storeRead,
      processes: options.processes,
      sample: options.importSample === false ? undefined : { resourcesDir: options.resourcesDir ?? appFile('resources'), formats: IMPORT_FORMATS },
    });
    const http = new UpstreamClient(options.upstream);
    const countries = CountryRegistry.create(options.sources);
    const service = new CatastroService(
      store,
      countries,
      http,
      options.dataDir,
      new AnalysisService({
        tables: store.local.analysisTables(),
        http,
        config: options.sources?.analysis,
        analysisCountries: countries.covering('analysis'),
        sigpacCountries: countries.offering('sigpac'),
      }),
      new OfflineAreasService(
        store.local,
        http,
        {
          atomBaseUrl: resolveEsSources(options.sources?.es).atomBaseUrl,
          etalabRoot: resolveFrSources(options.sources?.fr).etalabCadastreUrl,
          frGeoApiUrl: resolveFrSources(options.sources?.fr).geoApiUrl,
        },
        options.dataDir,
      ),
    );
    if (options.resourcesDir) service.resourcesDir = options.resourcesDir;
    return service;
  }

  private context(signal?: AbortSignal): AdapterContext {
    return { http: this.http, store: this.store, signal };
  }

  /** The adapter of a reference; the adapter normalises the reference itself (once, in its own methods). */
  private adapterFor(ref: string, country: unknown): { adapter: CountryAdapter; ref: string } {
    return { adapter: this.countries.forReference(ref, optionalCountry(country)), ref };
  }

  async parcel(refcat: unknown, country?: unknown, signal?: AbortSignal): Promise<Parcel> {
    const { adapter, ref } = this.adapterFor(requireReference(refcat), country);
    try {
      return await adapter.parcelByReference(ref, this.context(signal));
    } catch (error) {
      throw await this.withNearReferences(error, adapter, ref);
    }
  }

  /**
   * A reference neither found nor answerable (404, or 503 offline) that the copy holds one typing
   * slip away from (000700100UL74X where 000700100UL74F is held): the failure names those in
   * `data.nearMatches`, for the app to offer. Same status, code and message otherwise.
   */
  private async withNearReferences(error: unknown, adapter: CountryAdapter, ref: string): Promise<unknown> {
    if (!isServiceError(error) || (error.code !== 'NOT_FOUND' && error.code !== 'SERVICE_UNAVAILABLE')) return error;
    const canonical = adapter.normalizeReference(ref);
    const near = await nearReferencesHeld(this.store, adapter.code, canonical).catch(() => []);
    if (near.length === 0) return error;
    const message = `${error.message} The local copy holds ${near.join(', ')}, one character apart.`;
    return new ServiceError(error.code, message, { ...error.data, nearMatches: near }, { retryAfterSeconds: error.retryAfterSeconds, detail: error.detail });
  }

  /**
   * A Spanish rustic parcel by province and municipality codes, polígono and parcela, as farm
   * spreadsheets name it (`{ provincia, municipio, poligono, parcela }`): the same Parcel as by
   * its reference. Not in the spec.
   */
  async rusticParcel(input: unknown, signal?: AbortSignal): Promise<Parcel> {
    const asked = requireRusticParcel(input);
    return this.countries.forCapability('rusticParcel', 'Rustic parcels by polígono and parcela').rusticParcel!(asked, this.context(signal));
  }

  async units(refcat: unknown, options: { cursor?: unknown; country?: unknown } = {}, signal?: AbortSignal): Promise<UnitsPage> {
    const raw = requireReference(refcat);
    const cursor = optionalCursor(options.cursor);
    // Coverage before the shape: any reference under country=PV/NA is the spec's 422, not a 400.
    const adapter = this.countries.forReference(raw, optionalCountry(options.country));
    this.countries.requireCoverage(adapter, 'units', 'Units per finca');
    return adapter.units!(raw, cursor, this.context(signal));
  }

  /** Endpoint 4: the reference at a point (the spec's coordinate answer). */
  async parcelAt(input: PointInput, signal?: AbortSignal): Promise<CoordinateMatch> {
    const { point, adapters } = this.pointAsked(input);
    return this.firstAnswerAt(adapters, (adapter) => adapter.parcelAt(point, this.context(signal)));
  }

  /**
   * The app's point lookup: the whole Parcel at a point in one call, read by the adapter that
   * found it (endpoint 4 then a lookup by reference read the finca twice, and guessed the
   * country again from the reference's shape). Not in the spec.
   */
  async parcelAtPoint(input: PointInput, signal?: AbortSignal): Promise<Parcel> {
    const { point, adapters } = this.pointAsked(input);
    return this.firstAnswerAt(adapters, async (adapter) => {
      const ctx = this.context(signal);
      if (adapter.parcelAtPoint) return adapter.parcelAtPoint(point, ctx);
      return adapter.parcelByReference((await adapter.parcelAt(point, ctx)).refCat14, ctx);
    });
  }

  /** The point asked, and the adapters to ask in turn: without `country` the point says which country it is in (bounds, then outlines). */
  private pointAsked(input: PointInput): { point: LonLat; adapters: CountryAdapter[] } {
    if (input === null || typeof input !== 'object') {
      throw validationError('The body must be a JSON object with latitude and longitude.');
    }
    const latitude = requireLatitude(input.latitude);
    const longitude = requireLongitude(input.longitude);
    const point: LonLat = [longitude, latitude];
    const adapter = this.countries.forPoint(point, optionalCountry(input.country));
    return { point, adapters: this.countries.inOrderAt(adapter, point) };
  }

  /**
   * The first of `adapters` with a parcel at the point: a foral territory's answer when it has
   * one, else the country's (Treviño, inside Álava's extent, is the Catastro's). A territory
   * whose source is down is only reported when the country has no parcel there either.
   */
  private async firstAnswerAt<T>(adapters: CountryAdapter[], ask: (adapter: CountryAdapter) => Promise<T>): Promise<T> {
    let failure: unknown;
    for (const [i, adapter] of adapters.entries()) {
      try {
        return await ask(adapter);
      } catch (error) {
        const last = i === adapters.length - 1;
        if (last && failure && isServiceError(error) && error.code === 'NOT_FOUND') throw failure;
        if (last || !isServiceError(error) || !['NOT_FOUND', 'SERVICE_UNAVAILABLE'].includes(error.code)) throw error;
        if (error.code === 'SERVICE_UNAVAILABLE') failure ??= error;
      }
    }
    throw failure;
  }

  /** Endpoint 1: address → ranked parcel candidates, by the adapter of the country asked for. */
  async addressCandidates(input: AddressCandidatesInput, signal?: AbortSignal): Promise<AddressCandidatesResult> {
    const query = readAddressQuery(input ?? {}, this.countries.covering('byAddress'));
    const ctx = this.context(signal);
    const result = await this.countries.forCountry(query.country).searchAddress!(query, ctx);
    // Spain's search covers the Basque Country and Navarre (spec): their candidates get the foral reference.
    return this.countries.has(query.country, 'foralReferences') ? withForalReferences(result, this.countries, ctx) : result;
  }

  /** Endpoint 5: free-text address → reference (Spain only in the spec: the default country's adapter). */
  async parseAddress(body: unknown, signal?: AbortSignal): Promise<AddressParseResult> {
    const direccion = readDireccion(body);
    const adapter = this.countries.forCountry(undefined);
    if (!adapter.parseAddress) throw noCoverage(`Address parse is not available for ${adapter.name} (${adapter.code}).`);
    return adapter.parseAddress(direccion, this.context(signal));
  }

  /** Endpoints 7–10 and 12: one analysis of the parcel's outline. */
  async analysis(kind: AnalysisKind, refcat: unknown, country?: unknown, signal?: AbortSignal): Promise<unknown> {
    const { adapter } = this.adapterFor(requireReference(refcat), country);
    this.countries.requireCoverage(adapter, 'analysis', 'Analysis endpoints');
    const parcel = await this.parcel(refcat, country, signal);
    switch (kind) {
      case 'solar':
        return this.analyses.solar(parcel, signal);
      case 'agro':
        return this.analyses.agro(parcel, signal);
      case 'terrain':
        return this.analyses.terrain(parcel);
      case 'ground-motion':
        return this.analyses.groundMotion(parcel);
      case 'score':
        return this.analyses.score(parcel, signal);
      case 'market':
        return this.analyses.market(parcel);
    }
  }

  /** GeoJSON of what lies in a box, for the map's hazard overlays. */
  overlay(kindInput: unknown, bboxInput: unknown, limitInput?: unknown): GeoJSON.FeatureCollection {
    const kind = requireOverlayKind(kindInput);
    const bbox = requireBBox(bboxInput);
    const limit = optionalOverlayLimit(limitInput);
    return kind === 'protected-areas' ? this.analyses.protectedAreasInBBox(bbox, limit) : this.analyses.groundMotionCellsInBBox(bbox, limit);
  }

  private batchJobs?: BatchJobs;

  /** The app's batch lookups (CSV dropped in the app), kept under the data folder so they resume. */
  get batches(): BatchJobs {
    this.batchJobs ??= new BatchJobs(path.join(this.dataDir, 'batches'), (query, signal) => this.findParcel(query, signal));
    return this.batchJobs;
  }

  /**
   * The parcel a batch row asks for: by reference, in whichever covered country the row names or
   * the reference shows; or the parcel under a point, read whole by the country that found it
   * (as the app's click: its reference alone may fit several countries' shapes).
   */
  async findParcel(query: ParcelQuery, signal?: AbortSignal): Promise<Parcel> {
    if ('reference' in query) return this.parcel(query.reference, query.country, signal);
    if ('rustic' in query) return this.rusticParcel(query.rustic, signal);
    return this.parcelAtPoint(query, signal);
  }

  async polygon(refcat: unknown, country?: unknown, signal?: AbortSignal): Promise<PolygonResult> {
    const { adapter, ref } = this.adapterFor(requireReference(refcat), country);
    return adapter.polygon(ref, this.context(signal));
  }

  async exportKml(refcat: unknown, country?: unknown, signal?: AbortSignal): Promise<string> {
    return parcelToKml(await this.parcel(refcat, country, signal));
  }

  async exportGpx(refcat: unknown, country?: unknown, signal?: AbortSignal): Promise<string> {
    return parcelToGpx(await this.parcel(refcat, country, signal));
  }

  /**
   * A selection of parcels (1 to MAX_SELECTION references) as one file: GeoJSON, GeoPackage,
   * KML or CSV, one feature per parcel in the order given (duplicates once). A reference that
   * fails fails the export with its own error, naming it: a file missing a parcel silently
   * would be worse than none.
   */
  async exportParcels(refcats: unknown, format: unknown, country?: unknown, signal?: AbortSignal): Promise<ParcelExport> {
    if (!isFeatureFormat(format)) throw validationError(`Export format must be one of ${FEATURE_FORMATS.join(', ')}.`);
    const asked = requireParcelList(refcats, country, MAX_SELECTION);
    const parcels: Parcel[] = [];
    // The list drops repeats as typed; two spellings of one parcel (`…ul74f`, `0007001 00UL74F`)
    // are one only once the adapter has normalised them, so the file holds (and charges) each parcel once.
    const kept = new Set<string>();
    for (const [index, { ref, country }] of asked.entries()) {
      // Other callers get a turn between hundreds of lookups (2,000 of them take a few hundred ms).
      if (index % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
      try {
        const parcel = await this.parcel(ref, country, signal);
        const key = `${parcel.pais}:${parcel.refCatastral}`;
        if (!kept.has(key)) parcels.push(parcel);
        kept.add(key);
      } catch (error) {
        if (isServiceError(error) && asked.length > 1) throw new ServiceError(error.code, `${ref}: ${error.message}`, error.data);
        throw error;
      }
    }
    const name = parcels.length === 1 ? parcels[0].refCatastral : `parcels-${parcels.length}`;
    return {
      bytes: await this.files.write({ kind: 'parcels', parcels, format }),
      count: parcels.length,
      mime: MIME_OF_FORMAT[format],
      fileName: referenceFileName(name, format),
    };
  }

  /**
   * The printable one-page A4 report of a parcel (PDF bytes). It reads the parcel as a lookup
   * does, its neighbours from the copy, the units page for a Spanish finca, and only analyses
   * already at hand (imported hazard layers, a cached solar yield): printing never asks PVGIS.
   */
  async parcelReport(refcat: unknown, country?: unknown, signal?: AbortSignal, language?: unknown): Promise<Buffer> {
    const outputLanguage = requireOutputLanguage(language);
    const data = await gatherReport(
      {
        parcel: () => this.parcel(refcat, country, signal),
        parcelsInBBox: (bbox, limit) => this.store.parcelsInBBox(bbox, limit),
        liveNeighbours: (parcel) => this.countries.find(parcel.pais)?.neighbourOutlines?.(parcel.refCatastral, this.context(signal)),
        capabilities: (parcel) => this.countries.capabilities(parcel.pais),
        units: (finca) => this.units(finca.refCatastral.slice(0, 14), { country: finca.pais }, signal),
        solarIfCached: (parcel) => this.analyses.solarIfCached(parcel),
        terrain: (parcel) => this.analyses.terrain(parcel),
        groundMotion: (parcel) => this.analyses.groundMotion(parcel),
        groundMotionLoadedIn: (bbox) => this.analyses.groundMotionCellsInBBox(bbox, 1).features.length > 0,
        copyBuilding: (ref14) => this.copyBuilding(ref14),
        viewerUrl: (parcel) => officialViewerLink(parcel)?.url,
        version: API_VERSION,
      },
      outputLanguage,
    );
    return this.files.write({ kind: 'report', data, fontsDir: path.join(this.resourcesDir, 'fonts') });
  }

  /** A vector tile of the copy lookups read (the team database's when one is configured). */
  async parcelTileOfCopy(z: unknown, x: unknown, y: unknown): Promise<Uint8Array | null> {
    return parcelTile(this.store, ...requireTile(z, x, y));
  }

  /** Boxes of the copy's areas (offline areas or municipalities): the map's first view and its low-zoom outlines. */
  extents(): CopyExtent[] {
    return this.store.local.copyExtents();
  }

  /** What the copy records of a parcel's building (capability `buildingFacts`): the panel shows it while the unit list needs a connection. */
  async copyBuilding(refcat: unknown): Promise<CopyBuildingFacts> {
    const adapter = this.countries.forCapability('buildingFacts', "Buildings of the copy's parcels");
    return adapter.buildingFacts!(requireReference(refcat), this.context());
  }

  /** The status page: the service and each cadastral source's last checks, breaker included (no internals). */
  status(): ServiceStatus {
    const countries = this.countries.infos();
    const snapshot = this.monitor.snapshot(this.store.knownParcelCount(), API_VERSION);
    const health = this.store.health?.();
    if (!health) return { ...snapshot, countries };
    const replica = this.store.readReplicaHealth?.();
    const degraded = health === 'down' || replica === 'down';
    return { ...snapshot, status: degraded ? 'degraded' : snapshot.status, store: { health, ...(replica && { replica: { health: replica } }) }, countries };
  }

  /** Checks every source now and on a schedule (default every five minutes, the spec's). */
  startStatusChecks(intervalMs = DEFAULT_CHECK_INTERVAL_MS): void {
    this.monitor.start(intervalMs);
  }

  /** One check of every source now (the status page's "check now", tests). */
  checkSources(): Promise<void> {
    return this.monitor.checkAll();
  }

  private liveCheck: Promise<SourcesCheckReport> | undefined;

  /**
   * The status page's "Check the sources" (the app's, not the spec's): one real lookup per
   * capability of every country, compared with the known answers, as `catastro sources check`
   * does (core/status/sources-check.ts), through this service's sources and upstream client. A
   * second click while a check runs joins it.
   */
  checkSourcesLive(): Promise<SourcesCheckReport> {
    this.liveCheck ??= checkSourcesLive({ registry: this.countries, http: this.http }).finally(() => {
      this.liveCheck = undefined;
    });
    return this.liveCheck;
  }

  importFiles(files: string[], onProgress?: (progress: ImportProgress) => void): Promise<ImportResult[]> {
    if (!Array.isArray(files) || files.length === 0 || files.some((f) => typeof f !== 'string' || f === '')) {
      throw validationError('importFiles needs a list of file paths.');
    }
    return this.store.importFiles(files, onProgress, { formats: IMPORT_FORMATS });
  }

  /**
   * Imports hazard layers (Natura 2000 protected areas, EGMS ground-motion tiles, national
   * designated areas with their field mapping) file by file, each in its own transaction. The
   * request is checked whole first (400 and nothing imported); a file that fails later stops the
   * import with an error naming it, and the files before it stay imported.
   */
  async importHazardLayers(request: unknown, onProgress?: (progress: HazardLayerProgress) => void): Promise<HazardLayerResult[]> {
    const checked = checkHazardLayerRequest(request);
    const run = this.layerImports.catch(() => undefined).then(() => importHazardLayers(this.analyses, checked, onProgress));
    this.layerImports = run;
    return run;
  }

  /** The attribute names of a layer file's first feature, to choose a designated-areas mapping from. */
  async hazardLayerFields(file: unknown, layer?: unknown): Promise<string[]> {
    if (typeof file !== 'string' || file === '') throw validationError('hazardLayerFields needs a file path.');
    if (layer !== undefined && (typeof layer !== 'string' || layer === '')) throw validationError('layer must be a GeoPackage table name.');
    return layerFields(file, { layer });
  }

  close(): void {
    this.monitor.stop();
    // Before the store: a batch still running stops (interrupted, resumable) instead of answering
    // its next rows from a closed copy, and other processes see its claim released at once.
    this.batchJobs?.close();
    this.files.close();
    void this.store.close();
  }
}
