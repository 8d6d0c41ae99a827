import {
  IMPORTABLE_EXTENSIONS,
  type CopyBuildingFacts, type CopyExtent, type BatchColumns, type BatchPreview, type BatchState, type FeatureFormat, type CoordinateMatch, type Parcel, type PolygonResult, type RusticParcelQuery, type SourcesCheckReport, type UnitsPage,
} from '../../core/model/index.js';
import {
  ClientError, type AddressSearchResult, type AnalysisKind, type AnalysisResults, type CatastroClient, type ExportFormat, type ExportedFile, type SelectionFormat,
  type HazardLayerCapabilities, type ImportProgressInfo, type ImportSummary, type LonLatBox, type OfflineCapabilities, type OverlayKind, type ServiceStatusInfo,
} from './catastro-client.js';
import { HttpLayerFiles } from './http-layer-files.js';
import { HttpOfflineAreas } from './http-offline-areas.js';
import { envelopeError, readEnvelopeData, readRunAnswer, type Envelope } from './ndjson-answer.js';
import { pickFiles, uploadForm } from './pick-files.js';

/** Talks to the fastify API of the same origin (spec envelope; X-API-Key when one is configured). */
/**
 * The file name an answer's Content-Disposition gives: its UTF-8 `filename*` (RFC 8187) where the
 * server wrote one (a name beyond ASCII, whose plain `filename` is only a stand-in), else `filename`.
 */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // Malformed percent-encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

export class HttpClient implements CatastroClient {
  readonly kind = 'http' as const;

  readonly offline?: OfflineCapabilities;
  readonly importFiles?: (onProgress: (progress: ImportProgressInfo) => void) => Promise<ImportSummary[] | null>;
  readonly layers?: HazardLayerCapabilities;
  readonly checkSourcesLive?: () => Promise<SourcesCheckReport>;

  /** `appSession`: the token of `catastro start`'s browser app (app-session.ts), which opens its offline areas and imports. */
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: () => string | undefined = () => undefined,
    private readonly appSession?: string,
  ) {
    if (appSession) {
      this.offline = new HttpOfflineAreas((path, init) => this.request(path, init));
      this.importFiles = (onProgress) => this.pickAndImport(onProgress);
      this.layers = new HttpLayerFiles((path, init) => this.request(path, init));
      this.checkSourcesLive = () => this.json('/api/app/sources-check', { method: 'POST' });
    }
  }

  /** The picked files in one multipart request to start's session route (core/api/routes/app-import.ts). */
  private async pickAndImport(onProgress: (progress: ImportProgressInfo) => void): Promise<ImportSummary[] | null> {
    const files = await pickFiles(IMPORTABLE_EXTENSIONS);
    if (!files) return null;
    return readRunAnswer(await this.request('/api/app/imports', { method: 'POST', body: uploadForm(files) }), onProgress);
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const key = this.apiKey();
    const withKey = key ? { ...extra, 'X-API-Key': key } : extra;
    return this.appSession ? { ...withKey, 'X-Catastro-Session': this.appSession } : withKey;
  }

  private async request(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, { ...init, headers: this.headers(init.headers as Record<string, string>) });
    } catch (error) {
      throw new ClientError(0, 'NETWORK_ERROR', `The local service does not answer (${(error as Error).message}).`);
    }
  }

  private async json<T>(path: string, init?: RequestInit): Promise<T> {
    return readEnvelopeData(await this.request(path, init));
  }

  parcel(ref: string, country?: string): Promise<Parcel> {
    return this.json(`/api/catastro/${encodeURIComponent(ref)}${country ? `?country=${encodeURIComponent(country)}` : ''}`);
  }

  rusticParcel(asked: RusticParcelQuery): Promise<Parcel> {
    const query = new URLSearchParams(Object.entries(asked).map(([name, value]) => [name, String(value)]));
    return this.json(`/api/catastro/rustic?${query}`);
  }

  units(ref14: string, cursor?: string): Promise<UnitsPage> {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    return this.json(`/api/catastro/${encodeURIComponent(ref14)}/units${query}`);
  }

  parcelAt(latitude: number, longitude: number): Promise<CoordinateMatch> {
    return this.json('/api/search/coordinates', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ latitude, longitude }),
    });
  }

  polygon(ref: string): Promise<PolygonResult> {
    return this.json(`/api/catastro/${encodeURIComponent(ref)}/polygon`);
  }

  addressCandidates(q: string, limit = 8, country?: string): Promise<AddressSearchResult> {
    return this.json(`/api/search/address/candidates?q=${encodeURIComponent(q)}&limit=${limit}${country ? `&country=${encodeURIComponent(country)}` : ''}`);
  }

  async exportFile(ref: string, format: ExportFormat): Promise<string> {
    const response = await this.request(`/api/export/${format}?refcat=${encodeURIComponent(ref)}`);
    const text = await response.text();
    if (!response.ok) {
      let parsed: Envelope<unknown> = { success: false };
      try { parsed = JSON.parse(text) as Envelope<unknown>; } catch { /* not JSON: keep the status */ }
      throw envelopeError(parsed, response.status);
    }
    return text;
  }

  async exportSelection(refs: string[], format: SelectionFormat): Promise<ExportedFile> {
    // POSTed: a large selection's references do not fit in a URL.
    const response = await this.request(`/api/export/${format}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refcat: refs.join(',') }),
    });
    if (!response.ok) throw await this.errorOf(response);
    return { fileName: fileNameOf(response, `parcels.${format}`), bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  async report(ref: string, language?: string): Promise<ExportedFile> {
    const query = language ? `?lang=${encodeURIComponent(language)}` : '';
    const response = await this.request(`/api/catastro/${encodeURIComponent(ref)}/report.pdf${query}`);
    if (!response.ok) throw await this.errorOf(response);
    return { fileName: `${ref.replace(/[^0-9A-Za-z_-]/g, '_')}.pdf`, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  batchPreview(csv: string, columns?: BatchColumns): Promise<BatchPreview> {
    return this.json('/api/batch/preview', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ csv, columns }) });
  }

  batchStart(csv: string, name: string, columns: BatchColumns): Promise<BatchState> {
    return this.json('/api/batch', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ csv, name, columns }) });
  }

  batchState(id: string): Promise<BatchState> { return this.json(`/api/batch/${encodeURIComponent(id)}`); }
  batchList(): Promise<BatchState[]> { return this.json('/api/batch'); }
  batchResume(id: string): Promise<BatchState> { return this.json(`/api/batch/${encodeURIComponent(id)}/resume`, { method: 'POST' }); }
  batchCancel(id: string): Promise<BatchState> { return this.json(`/api/batch/${encodeURIComponent(id)}/cancel`, { method: 'POST' }); }

  async batchResult(id: string, format: FeatureFormat): Promise<ExportedFile> {
    const response = await this.request(`/api/batch/${encodeURIComponent(id)}/result.${format}`);
    if (!response.ok) throw await this.errorOf(response);
    return { fileName: fileNameOf(response, `batch.${format}`), bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  /** The ClientError of a non-2xx answer: the envelope's code and text when it has one. */
  private async errorOf(response: Response): Promise<ClientError> {
    const text = await response.text();
    let parsed: Envelope<unknown> = { success: false };
    try { parsed = JSON.parse(text) as Envelope<unknown>; } catch { /* not JSON: keep the status */ }
    return envelopeError(parsed, response.status);
  }

  status(): Promise<ServiceStatusInfo> {
    return this.json('/api/status');
  }

  extents(): Promise<CopyExtent[]> {
    return this.json('/api/extents');
  }

  copyBuilding(ref: string): Promise<CopyBuildingFacts> {
    return this.json(`/api/copy/buildings/${encodeURIComponent(ref)}`);
  }

  analysis<K extends AnalysisKind>(kind: K, ref: string): Promise<AnalysisResults[K]> {
    return this.json(`/api/catastro/${encodeURIComponent(ref)}/${kind}`);
  }

  overlay(kind: OverlayKind, bbox: LonLatBox): Promise<GeoJSON.FeatureCollection> {
    return this.json(`/api/overlays/${kind}?bbox=${bbox.map((v) => v.toFixed(6)).join(',')}`);
  }

  parcelTileUrl(): string {
    return `${this.baseUrl}/api/tiles/parcels/{z}/{x}/{y}.pbf`;
  }
}
