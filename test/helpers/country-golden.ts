import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../core/api/server.js';
import type { CountrySources } from '../../core/countries/adapter.js';
import type { CountryDefinition } from '../../core/countries/adapter.js';
import { NOMINATIM_SOURCE } from '../../core/countries/national/nominatim.js';
import { todayIso } from '../../core/model/index.js';
import { CatastroService } from '../../core/service.js';
import { startFakeServer, type FakeRoute, type FakeServer } from '../fake-upstream/countries/fake-server.js';
import { nominatimRoutes } from '../fake-upstream/countries/nominatim.js';
import { repoRoot } from './paths.js';

/** A country's fake, kept in its folder (`core/countries/<cc>/test/fake.ts`): its routes and its sources at the fake's URL. */
export interface CountryFake {
  routes: FakeRoute[];
  sources(base: string): CountrySources;
}

/** A country as the golden tests need it: a row (`country.ts`) or, where the flow keeps a class, its definition. */
type GoldenCountry = Pick<CountryDefinition, 'code' | 'evidence'> & { readonly name?: string; readonly territoryOf?: CountryDefinition['code'] };

/** One golden file: what was asked and what the API answered (today's date written `<today>`). */
interface Golden {
  in: { method: 'GET' | 'POST'; url: string; payload?: unknown };
  out: { status: number; body: unknown };
}

const REGEN = process.env.REGEN === '1';

const unplayedSpain = (base: string) =>
  Object.fromEntries(['ovcJsonBaseUrl', 'wfsCpUrl', 'cartociudadBaseUrl', 'callejeroBaseUrl', 'atomBaseUrl'].map((key) => [key, `${base}/es-unplayed`]));

const fileNameOf = (what: string) => `${what.replace(/[^0-9A-Za-z._-]+/g, '_')}.json`;

/**
 * The parcel answers the country's adapter gives, through the HTTP API, for the references of its
 * evidence against its fake: by reference, then by coordinates at the answered parcel's centroid.
 * Each answer is compared with its golden file in `core/countries/<cc>/test/golden/`; `REGEN=1` writes them anew
 * (review the diff: a golden file is the country's behaviour, not a snapshot to wave through).
 */
export function countryGoldenTests(row: GoldenCountry, fake: CountryFake): void {
  const goldenDir = path.join(repoRoot, 'core', 'countries', row.code.toLowerCase(), 'test', 'golden');
  const code = row.code;
  let server: FakeServer;
  let app: FastifyInstance;
  let service: CatastroService;
  let dataDir: string;

  beforeAll(async () => {
    server = await startFakeServer([...fake.routes, nominatimRoutes]);
    dataDir = mkdtempSync(path.join(os.tmpdir(), `catastro-golden-${code.toLowerCase()}-`));
    service = await CatastroService.open({
      dataDir,
      importSample: false,
      // Spain's services at a path the fake does not play: a point of a foral territory that no foral parcel
      // holds falls through to Spain's cadastre, which must not be asked beyond loopback.
      sources: { es: unplayedSpain(server.url), [code.toLowerCase()]: fake.sources(server.url) },
      upstream: { timeoutMs: 1500, retries: 0, baseDelayMs: 10, sourceIntervalsMs: { [NOMINATIM_SOURCE]: 0 } },
    });
    app = await buildApiServer({ service, auth: 'off' });
  });
  afterAll(async () => {
    await app?.close();
    service?.close();
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const ask = async (asked: Golden['in']): Promise<Golden> => {
    const response = await app.inject({ method: asked.method, url: asked.url, ...(asked.payload !== undefined && { payload: asked.payload as object }) });
    const body = JSON.parse(response.body.split(todayIso()).join('<today>')) as unknown;
    return { in: asked, out: { status: response.statusCode, body } };
  };

  const matchesGolden = (name: string, answer: Golden) => {
    const file = path.join(goldenDir, fileNameOf(name));
    if (REGEN) {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(file, `${JSON.stringify(answer, null, 2)}\n`);
      return;
    }
    expect(existsSync(file), `${path.relative(process.cwd(), file)} is missing: run REGEN=1 npx vitest run on this file`).toBe(true);
    expect(answer).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  };

  describe(`${row.name ?? code} (${code}): its evidence's references against its fake, as golden files`, () => {
    it.each(row.evidence.references.map((r) => r.ref))('%s by reference, then by its centroid', async (ref) => {
      const byReference = await ask({ method: 'GET', url: `/api/catastro/${encodeURIComponent(ref)}?country=${code}` });
      matchesGolden(`${ref}.by-reference`, byReference);
      const parcel = (byReference.out.body as { data?: { latitud?: number; longitud?: number } }).data;
      if (byReference.out.status !== 200 || parcel?.latitud === undefined || parcel.longitud === undefined) return;
      const { latitud: latitude, longitud: longitude } = parcel;
      const asked = row.territoryOf ?? code;
      matchesGolden(`${ref}.by-point`, await ask({ method: 'POST', url: '/api/search/coordinates', payload: { latitude, longitude, country: asked } }));
    });
  });
}
