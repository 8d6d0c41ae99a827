import { startApiServer, type StartedServer } from '../core/api/server.js';
import { accessDirOf, openAccessDatabase } from '../core/auth/access-db.js';
import { KeyStore } from '../core/auth/key-store.js';
import { isoDay } from '../core/model/index.js';
import type { CatastroService } from '../core/service.js';

/** Label of the key a desktop session creates for its local API (how leftovers are found). */
export const LOCAL_API_KEY_LABEL = 'desktop local API';

/** UTC date `days` after `now`, `YYYY-MM-DD` (a key is valid through the whole UTC day). */
const utcDatePlus = (now: Date, days: number) => isoDay(new Date(now.getTime() + days * 86_400_000));

/**
 * The optional HTTP API on 127.0.0.1 (Settings → Local HTTP API). Keys are required; a key for
 * this session is created on start and shown once (only its hash is stored). It is revoked on
 * stop and quit, expires after the next UTC day whatever happens, and any key a crashed session
 * left behind is revoked at the next start: no never-expiring keys pile up in the data folder.
 */
export class LocalApi {
  private server: StartedServer | null = null;
  private sessionKeyId: string | null = null;
  private readonly dataDir: string;

  constructor(
    private readonly service: CatastroService,
    private readonly staticDir: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.dataDir = accessDirOf(service.store.local.file);
  }

  private withKeys<T>(work: (keys: KeyStore) => T): T {
    const db = openAccessDatabase(this.dataDir);
    try {
      return work(new KeyStore(db, this.clock));
    } finally {
      db.close();
    }
  }

  async start(port: number): Promise<{ url: string; apiKey: string }> {
    await this.stop();
    this.server = await startApiServer({
      service: this.service,
      host: '127.0.0.1',
      port,
      auth: 'keys',
      staticDir: this.staticDir,
      accessDataDir: this.dataDir,
    });
    const { key, record } = this.withKeys((keys) => {
      for (const left of keys.list()) if (left.label === LOCAL_API_KEY_LABEL && !left.revokedAt) keys.revoke(left.id);
      return keys.create({ tier: 'business', label: LOCAL_API_KEY_LABEL, expiresOn: utcDatePlus(this.clock(), 1) });
    });
    this.sessionKeyId = record.id;
    return { url: this.server.url, apiKey: key };
  }

  async stop(): Promise<void> {
    const running = this.server;
    const keyId = this.sessionKeyId;
    this.server = null;
    this.sessionKeyId = null;
    if (keyId) this.withKeys((keys) => keys.revoke(keyId)); // first: a quitting app may not wait for the close
    await running?.close();
  }
}
