import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApiServer } from '../../core/api/server.js';
import { CatastroService } from '../../core/service.js';
import { startFakeEurope } from '../fake-upstream/countries/europe.js';

export interface EuropeApi {
  app: FastifyInstance;
  service: CatastroService;
  fake: Awaited<ReturnType<typeof startFakeEurope>>;
  close(): Promise<void>;
}

/** The real HTTP server and facade, an empty copy, every country adapter pointed at the fake Europe. */
export async function startEuropeApi(
  configure: (sources: Awaited<ReturnType<typeof startFakeEurope>>['sources']) => Awaited<ReturnType<typeof startFakeEurope>>['sources'] = (s) => s,
): Promise<EuropeApi> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-europe-'));
  const fake = await startFakeEurope();
  const service = await CatastroService.open({
    dataDir,
    importSample: false,
    sources: configure(fake.sources),
    upstream: { timeoutMs: 1500, retries: 0, baseDelayMs: 10, breakerHalfOpenAfterMs: 200 },
  });
  const app = await buildApiServer({ service, auth: 'off' });
  return {
    app, service, fake,
    async close() {
      await app.close();
      service.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
