import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type StartedServer } from '../../../core/api/server.js';
import type { OfflineDownloadResult, OfflineProgress } from '../../../core/model/index.js';
import { CatastroService } from '../../../core/service.js';
import { ClientError } from '../../../renderer/client/catastro-client.js';
import { HttpOfflineAreas } from '../../../renderer/client/http-offline-areas.js';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../../fake-upstream/catastro-atom.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { rawRequest } from '../../helpers/raw-http.js';

// Offline areas over HTTP for `catastro start`'s browser app: the fake ATOM service (hand-written
// feeds, real Segovia zips) behind a server given a session token, and one without it.
const SESSION = 'a-session-token-for-this-test-only';
const PARCELS = sampleParcelsGml().toString('utf8').split('<cp:CadastralParcel ').length - 1;

let fake: FakeCatastroAtom;
let dir: string;
let service: CatastroService;
let app: StartedServer;
let keyed: StartedServer;
let plain: StartedServer;

beforeAll(async () => {
  fake = await startFakeCatastroAtom();
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-app-offline-'));
  service = await CatastroService.open({ dataDir: dir, importSample: false, sources: { es: { atomBaseUrl: fake.baseUrl } } });
  app = await startApiServer({ service, auth: 'off', appSession: SESSION });
  keyed = await startApiServer({ service, auth: 'keys', appSession: SESSION });
  plain = await startApiServer({ service, auth: 'off' });
}, 60_000);

afterAll(async () => {
  await Promise.all([app?.close(), keyed?.close(), plain?.close()]);
  service?.close();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (server: StartedServer, route: string, init: RequestInit & { session?: string | null } = {}) => {
  const { session = SESSION, ...rest } = init;
  const headers: Record<string, string> = {
    ...(rest.body ? { 'content-type': 'application/json' } : {}),
    ...(session !== null ? { 'x-catastro-session': session } : {}),
  };
  return fetch(`${server.url}${route}`, { ...rest, headers });
};

/** The NDJSON lines of a download's answer, read as they come; `onLine` sees each. */
async function readLines(response: Response, onLine: (line: Record<string, unknown>) => void | Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      const line = JSON.parse(pending.slice(0, end)) as Record<string, unknown>;
      pending = pending.slice(end + 1);
      lines.push(line);
      await onLine(line);
    }
  }
  expect(pending).toBe('');
  return lines;
}

describe("who may use the app's offline routes", () => {
  it('nobody without the session token: not a missing one, not a wrong one, not an API key; a plain `serve` has no such routes', async () => {
    for (const session of [null, '', 'wrong', `${SESSION}x`]) {
      const response = await call(app, '/api/app/offline/areas', { session });
      expect(response.status, String(session)).toBe(401);
      expect(await response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', error: expect.stringMatching(/catastro start.*session token/) });
    }
    // Decided on the route that matched: no spelling of the path gets around it (sent raw, byte for byte).
    const port = Number(new URL(app.url).port);
    for (const line of [
      'GET /%61pi/app/offline/areas HTTP/1.1',
      'GET /api/app/offline/areas/ HTTP/1.1',
      'GET /API/app/offline/areas HTTP/1.1',
      `GET ${app.url}/api/app/offline/areas HTTP/1.1`,
      'POST /api//app/offline/cancel HTTP/1.1',
    ]) {
      const answer = await rawRequest(port, line);
      expect([401, 404], line).toContain(answer.status);
    }
    expect(await (await call(app, '/api/app/offline/cancel', { method: 'POST' })).json()).toMatchObject({ data: { cancelled: false } });
    const withKeyOnly = await fetch(`${keyed.url}/api/app/offline/downloads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'ck_live_anything' },
      body: '{"municipalities":["40146"]}',
    });
    expect(withKeyOnly.status).toBe(401);
    expect((await call(keyed, '/api/app/offline/areas')).status).toBe(200);
    const absent = await call(plain, '/api/app/offline/areas');
    expect(absent.status).toBe(404);
    expect(await absent.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(fake.requests).toHaveLength(0);
  });

  it("a choice that says nothing, or a bad view, is the spec's 400 before anything is fetched", async () => {
    for (const body of ['{}', '{"bbox":[1,2,3]}', '{"municipalities":"40146"}', '[]']) {
      const response = await call(app, '/api/app/offline/downloads', { method: 'POST', body });
      expect(response.status, body).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect((await call(app, '/api/app/offline/updates', { method: 'POST', body: '{"ids":[]}' })).status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('making a municipality available offline from the browser app', () => {
  it('streams progress, refuses a second download meanwhile, ends with the result; the area is listed, then removed', async () => {
    const response = await call(app, '/api/app/offline/downloads', { method: 'POST', body: JSON.stringify({ municipalities: ['Melque de Cercos'] }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    let refusal: { status: number; body: unknown } | undefined;
    const lines = await readLines(response, async (line) => {
      if (refusal || !line.progress) return;
      const second = await call(app, '/api/app/offline/downloads', { method: 'POST', body: '{"provinces":["40"]}' });
      refusal = { status: second.status, body: await second.json() };
    });
    expect(refusal).toEqual({
      status: 400,
      body: expect.objectContaining({
        code: 'VALIDATION_ERROR',
        error: expect.stringMatching(/already running/),
        data: { reason: 'DOWNLOAD_ALREADY_RUNNING' },
      }),
    });

    const progress = lines.slice(0, -1).map((line) => line.progress as OfflineProgress);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[0].phase).toBe('feeds');
    const parcelsSeen = progress.map((p) => p.parcels);
    expect(parcelsSeen).toEqual([...parcelsSeen].sort((a, b) => a - b));
    const final = lines.at(-1) as { success: boolean; data: OfflineDownloadResult };
    expect(final.success).toBe(true);
    expect(final.data).toMatchObject({ parcels: PARCELS, failures: [], cancelled: false });
    expect(service.status().parcels).toBe(PARCELS);

    const areas = (await (await call(app, '/api/app/offline/areas')).json()) as { data: { id: string; parcels: number; source: string }[] };
    expect(areas.data).toEqual([expect.objectContaining({ id: 'ES.40146', parcels: PARCELS, source: expect.stringContaining('A.ES.SDGC.CP.40146.zip') })]);

    const removed = await call(app, '/api/app/offline/areas/ES.40146', { method: 'DELETE' });
    expect(await removed.json()).toMatchObject({ success: true, data: { parcels: PARCELS } });
    expect(service.status().parcels).toBe(0);
    const again = await call(app, '/api/app/offline/areas/ES.40146', { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('a cancel stops the running download; the answer says so and the next download completes it', async () => {
    const response = await call(app, '/api/app/offline/downloads', { method: 'POST', body: '{"municipalities":["40146"]}' });
    let cancelled: unknown;
    const lines = await readLines(response, async (line) => {
      if (cancelled === undefined && line.progress) cancelled = await (await call(app, '/api/app/offline/cancel', { method: 'POST' })).json();
    });
    expect(cancelled).toMatchObject({ success: true, data: { cancelled: true } });
    expect(lines.at(-1)).toMatchObject({ success: true, data: { cancelled: true } });
    expect((await (await call(app, '/api/app/offline/cancel', { method: 'POST' })).json()).data).toEqual({ cancelled: false });

    const next = await call(app, '/api/app/offline/downloads', { method: 'POST', body: '{"municipalities":["40146"]}' });
    const result = (await readLines(next, () => undefined)).at(-1) as { data: OfflineDownloadResult };
    expect(result.data).toMatchObject({ parcels: PARCELS, cancelled: false });
    expect(service.status().parcels).toBe(PARCELS);
  });

  it('the cancelled download is offered to resume, resumed with progress, or discarded; only with the session token', async () => {
    const cancelledHalfway = async () => {
      fake.setFault('A.ES.SDGC.CP.40146.zip', { kind: 'stall' });
      const half = fake.zipBytes['A.ES.SDGC.CP.40146.zip'].length >> 1;
      const response = await call(app, '/api/app/offline/downloads', { method: 'POST', body: '{"provinces":["Segovia"],"buildings":false}' });
      let asked = false;
      await readLines(response, async (line) => {
        const progress = line.progress as OfflineProgress | undefined;
        if (!asked && progress?.phase === 'download' && progress.bytesDone >= half) {
          asked = true;
          await call(app, '/api/app/offline/cancel', { method: 'POST' });
        }
      });
      return half;
    };
    expect(await (await call(app, '/api/app/offline/interrupted')).json()).toMatchObject({ success: true, data: null });
    const half = await cancelledHalfway();
    expect((await call(app, '/api/app/offline/interrupted', { session: null })).status).toBe(401);
    expect((await call(app, '/api/app/offline/interrupted/resume', { method: 'POST', session: 'wrong' })).status).toBe(401);
    expect((await call(plain, '/api/app/offline/interrupted')).status).toBe(404);
    expect(await (await call(app, '/api/app/offline/interrupted')).json()).toMatchObject({
      success: true,
      data: { choice: { provinces: ['Segovia'], buildings: false }, bytesOnDisk: half },
    });

    fake.requests.length = 0;
    const resumed = await readLines(await call(app, '/api/app/offline/interrupted/resume', { method: 'POST' }), () => undefined);
    expect(resumed.length).toBeGreaterThan(1);
    expect(resumed.at(-1)).toMatchObject({ success: true, data: { cancelled: false, failures: [] } });
    expect(fake.requests.filter((r) => r.path.endsWith('CP.40146.zip')).map((r) => r.range)).toEqual([`bytes=${half}-`]);
    expect(await (await call(app, '/api/app/offline/interrupted')).json()).toMatchObject({ success: true, data: null });
    const nothing = await call(app, '/api/app/offline/interrupted/resume', { method: 'POST' });
    expect(nothing.status).toBe(404);
    expect(await nothing.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      error: 'There is no interrupted download to resume.',
      data: { reason: 'NO_INTERRUPTED_DOWNLOAD' },
    });

    await cancelledHalfway();
    expect(await (await call(app, '/api/app/offline/interrupted', { method: 'DELETE' })).json()).toMatchObject({ success: true, data: { bytes: half } });
    expect(await (await call(app, '/api/app/offline/interrupted')).json()).toMatchObject({ success: true, data: null });
  });
});

// The browser app's dialog could only show the English text: the reason was in the body, but the
// client dropped the body's data.
describe("a refusal named by reason, read by the browser app's client", () => {
  it('while another process downloads into the folder, download and resume refuse with the reason, which the client keeps', async () => {
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    const downloads = path.join(dir, 'downloads');
    mkdirSync(downloads, { recursive: true });
    writeFileSync(path.join(downloads, 'download-owner.json'), JSON.stringify({ pid: other.pid, token: 'another-window', since: new Date().toISOString() }));
    try {
      const offline = new HttpOfflineAreas((route, init) => call(app, route, init as RequestInit));
      const refused = {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/^A download is running in another window/),
        data: { reason: 'DOWNLOAD_RUNNING_ELSEWHERE' },
      };
      for (const attempt of [() => offline.download({ municipalities: ['40146'] }, () => undefined), () => offline.resume(() => undefined)]) {
        const thrown = await attempt().catch((error: unknown) => error);
        expect(thrown).toBeInstanceOf(ClientError);
        expect(thrown).toMatchObject(refused);
      }
    } finally {
      rmSync(path.join(downloads, 'download-owner.json'), { force: true });
      other.kill();
    }
  });
});
