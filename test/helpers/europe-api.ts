import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
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

/** The API's answers a country's test asks of the fake Europe: `api` is set once the suite's beforeAll ran. */
export interface EuropeCalls {
  readonly api: EuropeApi;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body: object): Promise<LightMyRequestResponse>;
  /** The address candidates of `q` in `country`. */
  candidates(country: string, q: string): Promise<LightMyRequestResponse>;
  /** The requests the fake received at `pathname`, oldest first. */
  requests(pathname: string): URL[];
}

/** Starts the API on the fake Europe before the file's tests and closes it after them (vitest hooks). */
export function useEuropeApi(...options: Parameters<typeof startEuropeApi>): EuropeCalls {
  let api: EuropeApi | undefined;
  beforeAll(async () => {
    api = await startEuropeApi(...options);
  });
  afterAll(async () => {
    await api?.close();
  });
  const started = () => {
    if (!api) throw new Error('the fake Europe is not started yet (call the API from a test)');
    return api;
  };
  return {
    get api() {
      return started();
    },
    get: (url) => started().app.inject({ method: 'GET', url }),
    post: (url, body) => started().app.inject({ method: 'POST', url, payload: body }),
    candidates: (country, q) => started().app.inject({ method: 'GET', url: `/api/search/address/candidates?country=${country}&q=${encodeURIComponent(q)}` }),
    requests: (pathname) => started().fake.requests.filter((u) => u.pathname === pathname),
  };
}
