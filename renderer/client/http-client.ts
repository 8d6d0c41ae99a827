import { IMPORTABLE_EXTENSIONS, type SourcesCheckReport } from '../../core/model/index.js';
import { PUBLIC_OPERATIONS, httpRequestOf, type InputArgs, type Operation, type OutputOf, type PublicOperationName } from '../../core/model/operations.js';
import {
  ClientError,
  type CatastroClient,
  type HazardLayerCapabilities,
  type ImportProgressInfo,
  type ImportSummary,
  type OfflineCapabilities,
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
      this.checkSourcesLive = async () => readEnvelopeData(await this.request('/api/app/sources-check', { method: 'POST' }));
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

  /** One operation of the table over HTTP: its route and answer kind come from the table (core/model/operations.ts). */
  async call<K extends PublicOperationName>(name: K, ...[input]: InputArgs<K>): Promise<OutputOf<K>> {
    const operation: Operation = PUBLIC_OPERATIONS[name];
    const { method, path, body } = httpRequestOf(name, input as Record<string, unknown> | undefined);
    const response = await this.request(path, body ? { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : { method });
    return (await this.answerOf(operation, response, name)) as OutputOf<K>;
  }

  private async answerOf(operation: Operation, response: Response, name: string): Promise<unknown> {
    if (operation.answer === 'json') return readEnvelopeData(response);
    if (!response.ok) throw await this.errorOf(response);
    if (operation.answer === 'text') return response.text();
    if (operation.answer === 'tile') return response.status === 204 ? null : new Uint8Array(await response.arrayBuffer());
    return { fileName: fileNameOf(response, name), bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  /** The ClientError of a non-2xx answer: the envelope's code and text when it has one. */
  private async errorOf(response: Response): Promise<ClientError> {
    const text = await response.text();
    let parsed: Envelope<unknown> = { success: false };
    try {
      parsed = JSON.parse(text) as Envelope<unknown>;
    } catch {
      /* not JSON: keep the status */
    }
    return envelopeError(parsed, response.status);
  }

  parcelTileUrl(): string {
    return `${this.baseUrl}/api/tiles/parcels/{z}/{x}/{y}.pbf`;
  }
}
