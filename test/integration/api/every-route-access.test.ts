import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import { runKeysCommand } from '../../../cli/keys-command.js';
import { CatastroService } from '../../../core/service.js';

/**
 * Deny by default on every route the server registers, whoever added it and whenever (issue #10:
 * access is decided on the matched route). Each route is collected as fastify defines it, so a route
 * added later without an access config is asked here too: only the routes listed as open may
 * answer a call without credentials, and the app's own routes need its session even with a key.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const withRouteLog = ((options: unknown) => {
    const app = (actual.default as (o: unknown) => FastifyInstance)(options);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: withRouteLog };
});

/** The routes anyone may call: the API description, the status page, the basemap and the static app's files (here one, index.html). */
const OPEN = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/.*)?$/, /^\/api\/status$/, /^\/status$/, /^\/api\/basemap\.pmtiles$/, /^\/(index\.html)?$/];
const SESSION = 'session-token-of-this-test';
/** A page origin the second server (`--cors-origin`) lets in: CORS must open no route a key does not. */
const LISTED_ORIGIN = 'https://maps.example.org';

let dataDir: string;
let service: CatastroService;
let app: FastifyInstance;
let corsApp: FastifyInstance;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-every-route-'));
  const staticDir = path.join(dataDir, 'app');
  mkdirSync(staticDir);
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  service = await CatastroService.open({ dataDir, importSample: false });
  app = await buildApiServer({ service, auth: 'keys', appSession: SESSION, staticDir });
  await app.ready();
  corsApp = await buildApiServer({ service, auth: 'keys', appSession: SESSION, staticDir, corsOrigins: [LISTED_ORIGIN] });
  await corsApp.ready();
});
afterAll(async () => {
  await corsApp?.close();
  await app?.close();
  service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A concrete URL of a route pattern: every parameter filled with a plausible value. */
const urlOf = (pattern: string) =>
  pattern
    .replace(/:refcat/g, '000700100UL74F')
    .replace(/:(z|x|y)\b/g, '1')
    .replace(/:format/g, 'csv')
    .replace(/:[a-z]+/gi, 'x')
    .replace(/\*$/, 'x')
    .replace(/^(?!\/)/, '/');

/** Every method and URL once (both servers register the same routes; the CORS one adds its OPTIONS route). */
const routes = () => [
  ...new Map(
    registered.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map(
        (method) =>
          [
            `${String(method)} ${route.url}`,
            { method: String(method), url: route.url, access: (route.config as { access?: string } | undefined)?.access },
          ] as const,
      ),
    ),
  ).values(),
];

describe('every registered route refuses a caller without credentials unless listed as open', () => {
  it('collects the routes of the whole server, the recent ones included', () => {
    const urls = new Set(routes().map((r) => r.url));
    for (const url of [
      '/api/catastro/:refcat',
      '/api/catastro/:refcat/units',
      '/api/catastro/rustic',
      '/api/catastro/:refcat/report.pdf',
      '/api/app/offline/areas',
      '/api/app/imports',
      '/api/app/layer-imports',
      '/api/tiles/parcels/:z/:x/:y.pbf',
      '/api/batch/:id/result.:format',
    ]) {
      expect(urls, url).toContain(url);
    }
  });

  it('a route declared open is one of the open list', () => {
    const open = routes()
      .filter((r) => r.access === 'open')
      .map((r) => r.url);
    expect(open.length).toBeGreaterThan(0);
    for (const url of open)
      expect(
        OPEN.some((pattern) => pattern.test(url)),
        url,
      ).toBe(true);
  });

  it('no key → 401 UNAUTHORIZED on every other route and method', async () => {
    const closed = routes().filter((r) => r.access !== 'open');
    expect(closed.length).toBeGreaterThan(30);
    for (const { method, url } of closed) {
      const answer = await app.inject({
        method: method as 'GET',
        url: urlOf(url),
        headers: { 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'HEAD' ? undefined : '{}',
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      if (method !== 'HEAD') expect(answer.json(), `${method} ${url}`).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it("the app's own routes refuse a valid organisation key without the session", async () => {
    const out: string[] = [];
    expect(
      await runKeysCommand(['create', '--tier', 'business', '--organisation'], { dataDir, io: { out: (l) => out.push(l), err: (l) => out.push(l) } }),
    ).toBe(0);
    const key = /key:\s+(\S+)/.exec(out.join('\n'))![1];
    const appRoutes = routes().filter((r) => r.url.startsWith('/api/app/'));
    expect(appRoutes.length).toBeGreaterThan(5);
    for (const { method, url } of appRoutes) {
      const answer = await app.inject({ method: method as 'GET', url: urlOf(url), headers: { 'x-api-key': key } });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      if (method !== 'HEAD') expect(answer.json().error, `${method} ${url}`).toMatch(/session/);
    }
  });

  it("with --cors-origin, a listed origin's call without a key is still 401 on every other route (readable by its page)", async () => {
    const closed = routes().filter((r) => r.access !== 'open');
    expect(closed.map((r) => `${r.method} ${r.url}`)).toContain('OPTIONS *');
    for (const { method, url } of closed) {
      const answer = await corsApp.inject({
        method: method as 'GET',
        url: urlOf(url),
        headers: { origin: LISTED_ORIGIN, 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'HEAD' ? undefined : '{}',
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      // An OPTIONS that asks for no method is no preflight: the access layer's answer, no CORS headers.
      expect(answer.headers['access-control-allow-origin'], `${method} ${url}`).toBe(method === 'OPTIONS' ? undefined : LISTED_ORIGIN);
      if (method !== 'HEAD') expect(answer.json(), `${method} ${url}`).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });
});
