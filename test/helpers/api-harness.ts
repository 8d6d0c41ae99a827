import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApiServer, type ApiServerOptions } from '../../core/api/server.js';
import { accessDirOf, openAccessDatabase } from '../../core/auth/access-db.js';
import { KeyStore, type CreateKeyInput } from '../../core/auth/key-store.js';
import { QuotaLedger } from '../../core/auth/quota.js';
import { CatastroService } from '../../core/service.js';
import type { UpstreamClientOptions } from '../../core/upstream/upstream-client.js';
import { startFakeCallejero, type FakeCallejero } from '../fake-upstream/callejero.js';
import { startFakeCatastro } from '../fake-upstream/catastro.js';
import { embeddedCopy } from './embedded-copy.js';

export type FakeCatastro = Awaited<ReturnType<typeof startFakeCatastro>>;

export interface TestApi {
  app: FastifyInstance;
  service: CatastroService;
  fake: FakeCatastro;
  /** The street directory (OVCCallejero), which the rustic lookup asks for names and INE codes. */
  callejero: FakeCallejero;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real server (fastify app, facade, store with the bundled sample imported) wired to a
 * local fake Catastro that replays recorded answers, and a fake street directory, so that no
 * test reaches the real services. Requests go through `app.inject`.
 */
export async function startTestApi(
  options: Pick<ApiServerOptions, 'auth' | 'limits' | 'corsOrigins' | 'freeTier' | 'trustedProxies'> & { upstream?: UpstreamClientOptions } = {},
): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-api-'));
  const [fake, callejero] = await Promise.all([startFakeCatastro(), startFakeCallejero()]);
  const service = await CatastroService.open({
    dataDir,
    sources: {
      es: {
        ovcJsonBaseUrl: `${fake.url}/OVCServWeb/OVCWcfCallejero`,
        wfsCpUrl: `${fake.url}/INSPIRE/wfsCP.aspx`,
        callejeroBaseUrl: callejero.url,
      },
    },
    upstream: { timeoutMs: 1500, retries: 1, baseDelayMs: 10, breakerHalfOpenAfterMs: 500, ...options.upstream },
  });
  const app = await buildApiServer({
    service,
    auth: options.auth ?? 'off',
    limits: options.limits,
    corsOrigins: options.corsOrigins,
    freeTier: options.freeTier,
    trustedProxies: options.trustedProxies,
  });
  return {
    app,
    service,
    fake,
    callejero,
    dataDir,
    async close() {
      await app.close();
      service.close();
      await Promise.all([fake.close(), callejero.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface KeyedTestApi extends TestApi {
  /** A key of the asked tier, created in the server's own access database. */
  key: string;
  /** Units that key has used so far (the quota ledger's count). */
  used(): number;
}

/** startTestApi under `--auth keys`, with one key created and its quota count at hand. */
export async function startKeyedTestApi(
  keyOptions: CreateKeyInput = { tier: 'basic' },
  serverOptions: Pick<ApiServerOptions, 'corsOrigins' | 'freeTier'> & { upstream?: UpstreamClientOptions } = {},
): Promise<KeyedTestApi> {
  const api = await startTestApi({ ...serverOptions, auth: 'keys' });
  const access = openAccessDatabase(accessDirOf(embeddedCopy(api.service).file));
  const ledger = new QuotaLedger(access);
  const {
    key,
    record: { id },
  } = new KeyStore(access).create(keyOptions);
  return {
    ...api,
    key,
    used: () => ledger.peek(id).used,
    async close() {
      access.close();
      await api.close();
    },
  };
}
