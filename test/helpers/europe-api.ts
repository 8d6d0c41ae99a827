import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApiServer } from '../../core/api/server.js';
import { NOMINATIM_SOURCE } from '../../core/countries/national/nominatim.js';
import { CatastroService } from '../../core/service.js';
import type { UpstreamClientOptions } from '../../core/upstream/upstream-client.js';
import { startFakeEurope } from '../fake-upstream/countries/europe.js';

export interface EuropeApi {
  app: FastifyInstance;
  service: CatastroService;
  fake: Awaited<ReturnType<typeof startFakeEurope>>;
  close(): Promise<void>;
}

/**
 * The real HTTP server and facade, an empty copy, every country adapter pointed at the fake Europe.
 * The fake's Nominatim is a self-run one, not bound by the public server's one-request-a-second
 * policy: its pacing is lifted unless `upstream` says otherwise (nominatim-policy.test.ts does).
 */
export async function startEuropeApi(
  configure: (sources: Awaited<ReturnType<typeof startFakeEurope>>['sources']) => Awaited<ReturnType<typeof startFakeEurope>>['sources'] = (s) => s,
  upstream: UpstreamClientOptions = {},
): Promise<EuropeApi> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-europe-'));
  const fake = await startFakeEurope();
  const service = await CatastroService.open({
    dataDir,
    importSample: false,
    sources: configure(fake.sources),
    upstream: { timeoutMs: 1500, retries: 0, baseDelayMs: 10, breakerHalfOpenAfterMs: 200, sourceIntervalsMs: { [NOMINATIM_SOURCE]: 0 }, ...upstream },
  });
  const app = await buildApiServer({ service, auth: 'off' });
  return {
    app,
    service,
    fake,
    async close() {
      await app.close();
      service.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
