import { KeyStore } from '../core/auth/key-store.js';
import { startApiServer, type StartedServer } from '../core/api/server.js';
import type { CatastroService } from '../core/service.js';

/**
 * The optional HTTP API on 127.0.0.1 (Settings → Local HTTP API). Keys are required; a key
 * for this desktop session is created on start and shown once, since only its hash is stored.
 */
export class LocalApi {
  private server: StartedServer | null = null;

  constructor(private readonly service: CatastroService, private readonly staticDir: string) {}

  async start(port: number): Promise<{ url: string; apiKey: string }> {
    await this.stop();
    this.server = await startApiServer({ service: this.service, host: '127.0.0.1', port, auth: 'keys', staticDir: this.staticDir });
    const { key } = new KeyStore(this.service.store.db).create({ tier: 'business', label: 'desktop local API' });
    return { url: this.server.url, apiKey: key };
  }

  async stop(): Promise<void> {
    const running = this.server;
    this.server = null;
    await running?.close();
  }
}
