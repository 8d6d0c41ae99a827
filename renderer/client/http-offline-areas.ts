import type { InterruptedOfflineRun, OfflineArea, OfflineChoice, OfflineDownloadResult, OfflineProgress } from '../../core/model/index.js';
import type { OfflineCapabilities } from './catastro-client.js';
import { readEnvelopeData, readRunAnswer } from './ndjson-answer.js';

type Send = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * Offline areas through `catastro start`'s server (core/api/routes/app-offline.ts) for the app in
 * a browser: the same capability the desktop gets over IPC, a download's streamed progress read
 * back into one call with a progress callback (ndjson-answer.ts).
 */
export class HttpOfflineAreas implements OfflineCapabilities {
  constructor(private readonly send: Send) {}

  async areas(): Promise<OfflineArea[]> {
    return readEnvelopeData(await this.send('/api/app/offline/areas'));
  }

  download(choice: OfflineChoice, onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    return this.run('/api/app/offline/downloads', choice, onProgress);
  }

  update(ids: string[], onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    return this.run('/api/app/offline/updates', { ids }, onProgress);
  }

  async interrupted(): Promise<InterruptedOfflineRun | null> {
    return readEnvelopeData(await this.send('/api/app/offline/interrupted'));
  }

  resume(onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    return this.run('/api/app/offline/interrupted/resume', {}, onProgress);
  }

  async discardInterrupted(): Promise<{ bytes: number }> {
    return readEnvelopeData(await this.send('/api/app/offline/interrupted', { method: 'DELETE' }));
  }

  async cancel(): Promise<boolean> {
    return (await readEnvelopeData<{ cancelled: boolean }>(await this.send('/api/app/offline/cancel', { method: 'POST' }))).cancelled;
  }

  async remove(id: string): Promise<{ parcels: number }> {
    return readEnvelopeData(await this.send(`/api/app/offline/areas/${encodeURIComponent(id)}`, { method: 'DELETE' }));
  }

  private async run(path: string, body: unknown, onProgress: (progress: OfflineProgress) => void): Promise<OfflineDownloadResult> {
    const response = await this.send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return readRunAnswer(response, onProgress);
  }
}
