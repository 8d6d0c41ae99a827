import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineAreasService } from '../../../core/offline/offline-areas-service.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../../fake-upstream/catastro-atom.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const CP_ZIP = 'A.ES.SDGC.CP.40146.zip';
const PARCELS = sampleParcelsGml().toString('utf8').split('<cp:CadastralParcel ').length - 1;
let fake: FakeCatastroAtom;
beforeAll(async () => {
  fake = await startFakeCatastroAtom();
});
afterAll(async () => {
  await fake?.close();
});

/** The app's offline service on the same data folder as the command line (another process). */
function appOn(dataDir: string) {
  const store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
  const service = new OfflineAreasService(
    store,
    new UpstreamClient({ retries: 0, timeoutMs: 5000 }),
    { atomBaseUrl: fake.baseUrl, etalabRoot: 'http://127.0.0.1:9/etalab-unused' },
    dataDir,
  );
  return { store, service };
}

/** Waits for the fake's stall: half the parcels zip on disk, then nothing (the transfer is under way). */
async function halfDownloaded(part: string, run: ReturnType<typeof download>) {
  for (let waited = 0; !(existsSync(part) && statSync(part).size === fake.zipBytes[CP_ZIP].length >> 1); waited += 50) {
    if (waited > 30_000) throw new Error(`no half-downloaded .part after 30 s:\n${run.output()}`);
    await sleep(50);
  }
}

function download(dataDir: string) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), 'download', '40146', '--data', dataDir, '--base-url', fake.baseUrl], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
  return { child, ended, output: () => output };
}

// SIGTERM (a service manager, `kill`, a closed session) ended the download without a word: only
// Ctrl-C was handled.
describe('catastro download interrupted mid-transfer', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s: says so, exits %i, keeps the .part; the same command resumes it with a Range request',
    async (signal, exitCode) => {
      const dataDir = path.join(tempDir('catastro-cli-download-'), 'datos ñ');
      const part = path.join(dataDir, 'downloads', `${CP_ZIP}.part`);
      fake.setFault(CP_ZIP, { kind: 'stall' });
      const first = download(dataDir);
      await halfDownloaded(part, first);
      first.child.kill(signal);
      expect(await first.ended, first.output()).toEqual({ code: exitCode, signal: null });
      expect(first.output()).toMatch(/Cancelled\. Files imported so far are kept; run the same command again to resume/);
      expect(first.output()).not.toMatch(/\n\s+at /);
      expect(statSync(part).size).toBe(fake.zipBytes[CP_ZIP].length >> 1);

      fake.requests.length = 0;
      const second = download(dataDir);
      expect(await second.ended, second.output()).toEqual({ code: 0, signal: null });
      expect(fake.requests.find((r) => r.path.endsWith(CP_ZIP))?.range).toBe(`bytes=${fake.zipBytes[CP_ZIP].length >> 1}-`);
      expect(readdirSync(path.join(dataDir, 'downloads'))).toEqual([]);
      const store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
      try {
        expect(store.countParcels('ES')).toBe(PARCELS);
      } finally {
        store.close();
      }
    },
    90_000,
  );
});

describe('catastro download and the app on one data folder', () => {
  // The app's Discard deleted <data>/downloads whole: a download running on the command line lost
  // its .part and failed.
  it('while the command line downloads, the app neither offers, discards nor starts a download there: it says why, the .part stays', async () => {
    const dataDir = tempDir('catastro-cli-download-app-');
    const part = path.join(dataDir, 'downloads', `${CP_ZIP}.part`);
    const app = appOn(dataDir);
    try {
      fake.setFault(CP_ZIP, { kind: 'stall' });
      const cli = download(dataDir);
      await halfDownloaded(part, cli);

      expect(app.service.interrupted()).toBeNull();
      const running = { code: 'VALIDATION_ERROR', message: expect.stringMatching(/a download is running in another window or on the command line/i) };
      await expect(app.service.discardInterrupted()).rejects.toMatchObject(running);
      expect(() => app.service.resume()).toThrow(expect.objectContaining(running));
      await expect(app.service.download({ municipalities: ['40146'] })).rejects.toMatchObject(running);
      expect(statSync(part).size).toBe(fake.zipBytes[CP_ZIP].length >> 1);

      cli.child.kill('SIGINT');
      expect(await cli.ended, cli.output()).toEqual({ code: 130, signal: null });
      expect(statSync(part).size).toBe(fake.zipBytes[CP_ZIP].length >> 1);
    } finally {
      app.store.close();
    }
  }, 90_000);

  it('while the app downloads, the command line refuses to download into the same folder, says why and leaves the .part', async () => {
    const dataDir = tempDir('catastro-cli-download-app-');
    const part = path.join(dataDir, 'downloads', `${CP_ZIP}.part`);
    const app = appOn(dataDir);
    try {
      fake.setFault(CP_ZIP, { kind: 'stall' });
      const running = app.service.download({ municipalities: ['40146'] });
      for (let waited = 0; !(existsSync(part) && statSync(part).size === fake.zipBytes[CP_ZIP].length >> 1); waited += 50) {
        if (waited > 30_000) throw new Error('the app wrote no half-downloaded .part');
        await sleep(50);
      }
      const cli = download(dataDir);
      expect(await cli.ended, cli.output()).toEqual({ code: 1, signal: null });
      expect(cli.output()).toMatch(/^VALIDATION_ERROR: A download is running in another window or on the command line/m);
      expect(statSync(part).size).toBe(fake.zipBytes[CP_ZIP].length >> 1);
      app.service.cancel();
      expect(await running).toMatchObject({ cancelled: true });
      expect(app.service.interrupted()).toMatchObject({ choice: { municipalities: ['40146'] } });
    } finally {
      app.store.close();
    }
  }, 90_000);

  // A download cut on the command line was not offered in the app.
  it.each(['SIGINT', 'SIGKILL'] as const)(
    'cut off by %s, it is offered in the app, which resumes it from the .part (Range) and imports the area',
    async (signal) => {
      const dataDir = tempDir('catastro-cli-download-app-');
      const part = path.join(dataDir, 'downloads', `${CP_ZIP}.part`);
      const half = fake.zipBytes[CP_ZIP].length >> 1;
      fake.setFault(CP_ZIP, { kind: 'stall' });
      const cli = download(dataDir);
      await halfDownloaded(part, cli);
      cli.child.kill(signal);
      await cli.ended;

      const app = appOn(dataDir);
      try {
        expect(app.service.interrupted()).toEqual({ choice: { municipalities: ['40146'], buildings: true }, startedAt: expect.any(String), bytesOnDisk: half });
        fake.requests.length = 0;
        const resumed = await app.service.resume();
        expect(resumed).toMatchObject({ cancelled: false, failures: [], parcels: PARCELS });
        expect(fake.requests.find((r) => r.path.endsWith(CP_ZIP))?.range).toBe(`bytes=${half}-`);
        expect(app.store.countParcels('ES')).toBe(PARCELS);
        expect(app.service.interrupted()).toBeNull();
        expect(readdirSync(path.join(dataDir, 'downloads'))).toEqual([]);
      } finally {
        app.store.close();
      }
    },
    90_000,
  );
});
