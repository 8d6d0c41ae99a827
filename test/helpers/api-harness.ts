import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApiServer, type ApiServerOptions } from '../../core/api/server.js';
import { runKeysCommand } from '../../cli/keys-command.js';
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

/**
 * In a test file (or a describe): the API `start` opens, started before its tests and closed after
 * them. Its fields are read through the returned object, inside tests and later hooks only.
 */
export function apiForTests<Api extends TestApi>(start: () => Promise<Api> = startTestApi as () => Promise<Api>): Api {
  let started: Api | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Api, {
    get(_, field) {
      if (!started) throw new Error(`The test API starts in beforeAll: read its ${String(field)} inside a test or a later hook.`);
      return started[field as keyof Api];
    },
  });
}

/** A new key of `tier` made by `catastro keys create` in the data folder's access database, as an operator makes one. */
export async function keyMadeByCommand(dataDir: string, tier: 'basic' | 'business' = 'basic'): Promise<string> {
  const out: string[] = [];
  await runKeysCommand(['create', '--tier', tier], { dataDir, io: { out: (l) => out.push(l), err: (l) => out.push(l) } });
  return /key:\s+(\S+)/.exec(out.join('\n'))![1];
}
