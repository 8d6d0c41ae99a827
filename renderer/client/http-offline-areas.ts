import { STATUS_OF_CODE, type OfflineArea, type OfflineChoice, type OfflineDownloadResult, type OfflineProgress } from '../../core/model/index.js';
import { ClientError, type OfflineCapabilities } from './catastro-client.js';

type Send = (path: string, init?: RequestInit) => Promise<Response>;
interface Envelope<T> { success: boolean; data?: T; error?: string; code?: ClientError['code'] }

/**
 * Offline areas through `catastro start`'s server (core/api/routes/app-offline.ts) for the app in
 * a browser: the same capability the desktop gets over IPC. A download answers NDJSON progress
 * lines and ends with the envelope, read here back into one call with a progress callback.
 */
export class HttpOfflineAreas implements OfflineCapabilities {
  constructor(private readonly send: Send) {}

  areas(): Promise<OfflineArea[]> {
    return this.json('/api/app/offline/areas');
  }

  download(choice: OfflineChoice, onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    return this.run('/api/app/offline/downloads', choice, onProgress);
  }

  update(ids: string[], onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    return this.run('/api/app/offline/updates', { ids }, onProgress);
  }

  async cancel(): Promise<boolean> {
    return (await this.json<{ cancelled: boolean }>('/api/app/offline/cancel', { method: 'POST' })).cancelled;
  }

  remove(id: string): Promise<{ parcels: number }> {
    return this.json(`/api/app/offline/areas/${encodeURIComponent(id)}`, { method: 'DELETE' });
  }

  private async json<T>(path: string, init?: RequestInit): Promise<T> {
    return unwrap<T>(await this.send(path, init).then((response) => readEnvelope<T>(response)), 200);
  }

  private async run(path: string, body: unknown, onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    const response = await this.send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('application/x-ndjson')) {
      return unwrap(await readEnvelope<OfflineDownloadResult>(response), response.status);
    }
    let final: Envelope<OfflineDownloadResult> | undefined;
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    let pending = '';
    for (;;) {
      const { done, value } = await reader.read().catch((error: Error) => {
        throw new ClientError(0, 'NETWORK_ERROR', `The local service stopped answering during the download (${error.message}); what was imported stays.`);
      });
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = pending.indexOf('\n')) >= 0) {
        const line = JSON.parse(pending.slice(0, end)) as { progress?: OfflineProgress; success?: boolean };
        pending = pending.slice(end + 1);
        if (typeof line.success === 'boolean') final = line as Envelope<OfflineDownloadResult>;
        else if (line.progress) onProgress(line.progress);
      }
    }
    if (!final) throw new ClientError(0, 'NETWORK_ERROR', 'The local service ended the download\'s answer without its result; the list of areas shows what was imported.');
    // The stream's last line is an envelope whose status line was sent long before (200): its code says which.
    const codeStatus = (STATUS_OF_CODE as Record<string, number | undefined>)[final.code ?? ''];
    return unwrap(final, final.success ? 200 : codeStatus ?? 500);
  }
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> & { status: number }> {
  try {
    return { ...((await response.json()) as Envelope<T>), status: response.status };
  } catch {
    return { success: false, code: 'INTERNAL_ERROR', error: `The service answered ${response.status} without a JSON body.`, status: response.status };
  }
}

function unwrap<T>(envelope: Envelope<T> & { status?: number }, status: number): T {
  if (envelope.success) return envelope.data as T;
  throw new ClientError(envelope.status ?? status, envelope.code ?? 'INTERNAL_ERROR', envelope.error ?? `HTTP ${envelope.status ?? status}`);
}
