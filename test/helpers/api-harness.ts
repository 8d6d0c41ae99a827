import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApiServer, type ApiServerOptions } from '../../core/api/server.js';
import { CatastroService } from '../../core/service.js';
import { startFakeCatastro } from '../fake-upstream/catastro.js';

export type FakeCatastro = Awaited<ReturnType<typeof startFakeCatastro>>;

export interface TestApi {
  app: FastifyInstance;
  service: CatastroService;
  fake: FakeCatastro;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real server (fastify app, facade, store with the bundled sample imported) wired to a
 * local fake Catastro that replays recorded answers. Requests go through `app.inject`.
 */
export async function startTestApi(options: Pick<ApiServerOptions, 'auth' | 'limits'> = {}): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-api-'));
  const fake = await startFakeCatastro();
  const service = await CatastroService.open({
    dataDir,
    sources: {
      es: {
        ovcJsonBaseUrl: `${fake.url}/OVCServWeb/OVCWcfCallejero`,
        wfsCpUrl: `${fake.url}/INSPIRE/wfsCP.aspx`,
      },
    },
    upstream: { timeoutMs: 1500, retries: 1, baseDelayMs: 10, breakerHalfOpenAfterMs: 500 },
  });
  const app = await buildApiServer({ service, auth: options.auth ?? 'off', limits: options.limits });
  return {
    app, service, fake, dataDir,
    async close() {
      await app.close();
      service.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
