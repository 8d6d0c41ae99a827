import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { CatastroService } from '../../../core/service.js';
import { LOCAL_API_KEY_LABEL, LocalApi } from '../../../electron/local-api.js';

/** Issue #10 (low): each local-API start created a business key that never expired and was never revoked. */
describe("the desktop app's local HTTP API key", () => {
  let dataDir: string;
  let service: CatastroService;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-local-api-'));
    service = await CatastroService.open({ dataDir, importSample: false });
  });
  afterAll(() => {
    service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const sessionKeys = () => {
    const db = openAccessDatabase(dataDir);
    try {
      return new KeyStore(db).list().filter((k) => k.label === LOCAL_API_KEY_LABEL);
    } finally {
      db.close();
    }
  };
  const call = (url: string, apiKey: string) => fetch(`${url}/api/catastro/NOT-A-REFERENCE`, { headers: { 'X-API-Key': apiKey } }).then((r) => r.status);

  it('expires after the next UTC day, is revoked on stop, and a restart leaves one live key only', async () => {
    // Late in today's UTC day (the server checks expiry against the real clock, so the key's day
    // must be today's: a fixed date here made the test fail once that day had passed).
    const now = new Date(`${new Date().toISOString().slice(0, 10)}T22:00:00Z`);
    const nextUtcDay = new Date(now.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    const api = new LocalApi(service, path.join(dataDir, 'no-renderer'), () => now);
    const first = await api.start(0);
    expect(await call(first.url, first.apiKey)).toBe(400); // admitted (a free 400), not 401
    expect(sessionKeys()).toEqual([expect.objectContaining({ expiresOn: nextUtcDay, revokedAt: null })]);

    const second = await api.start(0); // restart: the first session's key goes
    expect(await call(second.url, first.apiKey)).toBe(401);
    expect(await call(second.url, second.apiKey)).toBe(400);
    expect(sessionKeys().filter((k) => !k.revokedAt)).toHaveLength(1);

    await api.stop();
    expect(sessionKeys().every((k) => k.revokedAt)).toBe(true);
  });

  it('a key left by a session that crashed is revoked at the next start', async () => {
    const db = openAccessDatabase(dataDir);
    const left = new KeyStore(db).create({ tier: 'business', label: LOCAL_API_KEY_LABEL });
    db.close();
    const api = new LocalApi(service, path.join(dataDir, 'no-renderer'));
    const started = await api.start(0);
    expect(await call(started.url, left.key)).toBe(401);
    await api.stop();
  });
});
