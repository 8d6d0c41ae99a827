import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type StartedServer } from '../../../core/api/server.js';
import { CatastroService } from '../../../core/service.js';
import { serviceSourcesFromEnv } from '../../../core/sources-from-env.js';
import { HttpClient } from '../../../renderer/client/http-client.js';
import { startFakeCartoCiudad } from '../../fake-upstream/cartociudad.js';
import { startFakeCatastro } from '../../fake-upstream/catastro.js';
import { startFakeEurope } from '../../fake-upstream/countries/europe.js';
import { fakeSourcesEnv, type EveryCountryFakes } from '../../helpers/fake-sources-env.js';

// The status page's "Check the sources" in `catastro start`'s browser app: the session route, through
// the renderer's own HttpClient, with every country's sources at the fakes (as the app reads them).
const SESSION = 'a-session-token-for-this-test-only';
let fakes: EveryCountryFakes;
let dir: string;
let service: CatastroService;
let app: StartedServer;
let plain: StartedServer;

beforeAll(async () => {
  const [europe, catastro, cartociudad] = await Promise.all([startFakeEurope(), startFakeCatastro(), startFakeCartoCiudad()]);
  fakes = { europe, catastro, cartociudad };
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-app-sources-check-'));
  service = await CatastroService.open({ dataDir: dir, importSample: false, sources: serviceSourcesFromEnv(fakeSourcesEnv(fakes)) });
  app = await startApiServer({ service, auth: 'off', appSession: SESSION });
  plain = await startApiServer({ service, auth: 'off' });
}, 60_000);
afterAll(async () => {
  await Promise.all([app?.close(), plain?.close()]);
  service?.close();
  await Promise.all([fakes?.europe.close(), fakes?.catastro.close(), fakes?.cartociudad.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe("POST /api/app/sources-check (the app's, not the spec's)", () => {
  it('answers the whole check: a row per capability of every country, every one matching but the two the recordings cannot prove', async () => {
    const client = new HttpClient(app.url, () => undefined, SESSION);
    // Two clicks while it runs are one check.
    const [report, again] = await Promise.all([client.checkSourcesLive!(), client.checkSourcesLive!()]);
    expect(again).toEqual(report);
    expect(report.rows).toHaveLength(87); // AT has no lookup by reference (docs/coverage.md)
    expect(report.rows.filter((row) => !row.matches).map((row) => `${row.country} ${row.capability}`)).toEqual(['IT byAddress', 'LU byAddress']);
    expect(report.passed).toBe(false);
    for (const row of report.rows) expect(row.ms).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it("does not exist without the session: neither the route on a plain server nor the client's operation", async () => {
    expect(new HttpClient(plain.url).checkSourcesLive).toBeUndefined();
    const answer = await fetch(`${plain.url}/api/app/sources-check`, { method: 'POST' });
    expect(answer.status).toBe(404);
    const noSession = await fetch(`${app.url}/api/app/sources-check`, { method: 'POST' });
    expect(noSession.status).toBe(401);
  });
});
