import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { basemapArgument } from '../../../cli/arguments.js';
import { desktopArguments, desktopPathsFromArguments } from '../../../core/desktop/desktop-arguments.js';
import { serveRenderer } from '../../../electron/app-protocol.js';

/**
 * `catastro start --data DIR --basemap FILE` in the desktop app: what the Electron main process
 * reads from its arguments (core/desktop/desktop-arguments.ts, called by electron/main.ts) and the
 * basemap its app:// handler serves (electron's `protocol` replaced by a recorder of the handler).
 */
const electron = vi.hoisted(() => ({ handler: undefined as ((request: Request) => Response | Promise<Response>) | undefined }));
vi.mock('electron', () => ({
  protocol: {
    handle: (_scheme: string, handler: (request: Request) => Response) => {
      electron.handler = handler;
    },
    registerSchemesAsPrivileged: () => undefined,
  },
  net: { fetch: () => new Response('renderer file') },
}));

const BASEMAP = path.resolve('test/fixtures/basemap/protomaps-test_fixture_1.pmtiles');
const USER_DATA = '/home/someone/.config/Catastro Desktop';
let emptyDir: string;
beforeAll(() => {
  emptyDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-desktop-paths-'));
});
afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

/** The Electron process's argv as `catastro start` launches it (binary, main script, then ours). */
const argvOf = (options: { data: string; basemap?: string }) => ['/x/electron', '/x/dist/app/electron/main.js', ...desktopArguments(options)];

describe("the desktop app's data folder and basemap", () => {
  it('are those catastro start was given', () => {
    expect(desktopPathsFromArguments(argvOf({ data: 'my-data', basemap: BASEMAP }), USER_DATA)).toEqual({
      dataDir: path.resolve('my-data'),
      basemapFile: BASEMAP,
    });
  });

  it('are the user-data folder and no basemap for the app started from its icon', () => {
    expect(desktopPathsFromArguments(['/opt/Catastro Desktop/catastro-desktop'], USER_DATA)).toEqual({ dataDir: USER_DATA });
  });

  it('refuse a basemap that is missing or a folder, naming it, as the command line does', () => {
    const missing = path.join(emptyDir, 'spain.pmtiles');
    for (const [file, reason] of [
      [missing, 'does not exist'],
      [emptyDir, 'is a folder, not a file'],
    ]) {
      const message = `Basemap ${file} ${reason}.`;
      expect(() => desktopPathsFromArguments(argvOf({ data: emptyDir, basemap: file }), USER_DATA)).toThrow(message);
      expect(() => basemapArgument(file)).toThrow(message);
    }
  });
});

describe('app://catastro/api/basemap.pmtiles', () => {
  const ask = (init?: RequestInit) => electron.handler!(new Request('app://catastro/api/basemap.pmtiles', init));

  it('serves the basemap given at start by byte ranges, as the HTTP server does', async () => {
    serveRenderer(emptyDir, BASEMAP);
    const size = statSync(BASEMAP).size;
    const head = await ask({ method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('accept-ranges')]).toEqual([200, String(size), 'bytes']);
    const part = await ask({ headers: { Range: 'bytes=0-126' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-126/${size}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(readFileSync(BASEMAP).subarray(0, 127));
    expect((await ask({ headers: { Range: `bytes=${size}-` } })).status).toBe(416);
  });

  it("answers 404 without a basemap, and other paths are still the renderer's files", async () => {
    serveRenderer(emptyDir);
    expect((await ask({ method: 'HEAD' })).status).toBe(404);
    expect(await (await electron.handler!(new Request('app://catastro/index.html'))).text()).toBe('renderer file');
  });
});
