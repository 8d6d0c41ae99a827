import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDownloads, DOWNLOAD_RUNNING_ELSEWHERE, downloadRunningIn } from '../../../core/offline/downloads-owner.js';
import { OfflineAreasService } from '../../../core/offline/offline-areas-service.js';
import { processStartOf } from '../../../core/process-alive.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { tempDir } from '../../helpers/temp-dir.js';

// A download killed mid-run leaves its owner file naming its pid. When the system later gave that
// pid to another program, the folder stayed "busy" (Resume and Discard refused) until that program
// ended: only the pid was compared.
const OWNER_FILE = 'download-owner.json';

let other: ChildProcess;
beforeAll(() => {
  // A live process that is not this one and never claimed anything: the program given a dead owner's pid.
  other = spawn('sleep', ['60'], { stdio: 'ignore' });
});
afterAll(() => {
  other.kill();
});

function folderOwnedBy(owner: Record<string, unknown>, dir = tempDir('catastro-downloads-owner-')) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, OWNER_FILE), JSON.stringify({ token: 'left-by-another-process', since: new Date().toISOString(), ...owner }));
  return dir;
}

describe('the claim on a downloads folder', () => {
  it.runIf(process.platform === 'linux')("is taken over from a live pid whose process started at another time than the owner's (its pid reused)", async () => {
    const started = processStartOf(other.pid!);
    expect(started).toMatch(/^\d+$/);
    const dir = folderOwnedBy({ pid: other.pid, started: String(Number(started) - 1) });

    expect(downloadRunningIn(dir)).toBe(false);
    const claim = await claimDownloads(dir);
    const owner = JSON.parse(readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, started: processStartOf(process.pid) });
    claim.release();
    expect(existsSync(path.join(dir, OWNER_FILE))).toBe(false);
  });

  it('is refused while the owner runs: the same pid and start', async () => {
    const dir = folderOwnedBy({ pid: other.pid, started: processStartOf(other.pid!) });
    expect(downloadRunningIn(dir)).toBe(true);
    await expect(claimDownloads(dir)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: DOWNLOAD_RUNNING_ELSEWHERE });
  });

  it("is refused for a live pid in an older version's file, which has no start", async () => {
    const dir = folderOwnedBy({ pid: other.pid });
    expect(downloadRunningIn(dir)).toBe(true);
    await expect(claimDownloads(dir)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: DOWNLOAD_RUNNING_ELSEWHERE });
  });
});

// The refusal reached the app's offline dialog in English only: its text is the HTTP API's and the
// CLI's, so the app needs a name for it to say it in the user's language.
describe('the refusal while another process downloads into the folder', () => {
  const running = { status: 400, code: 'VALIDATION_ERROR', message: DOWNLOAD_RUNNING_ELSEWHERE, data: { reason: 'DOWNLOAD_RUNNING_ELSEWHERE' } };

  it("names its reason beside the spec's code and the English text", async () => {
    await expect(claimDownloads(folderOwnedBy({ pid: other.pid }))).rejects.toMatchObject(running);
  });

  it("is the one the app's download, resume and discard give; a resume with nothing to resume names its own", async () => {
    const dataDir = tempDir('catastro-downloads-owner-service-');
    const store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
    try {
      // Never asked: every refusal comes before the feeds are read.
      const service = new OfflineAreasService(
        store,
        new UpstreamClient({ retries: 0 }),
        { atomBaseUrl: 'http://127.0.0.1:1', etalabRoot: 'http://127.0.0.1:1' },
        dataDir,
      );
      expect(() => service.resume()).toThrow(expect.objectContaining({ status: 404, code: 'NOT_FOUND', data: { reason: 'NO_INTERRUPTED_DOWNLOAD' } }));
      folderOwnedBy({ pid: other.pid }, path.join(dataDir, 'downloads'));
      await expect(service.download({ municipalities: ['40146'] })).rejects.toMatchObject(running);
      expect(() => service.resume()).toThrow(expect.objectContaining(running));
      await expect(service.discardInterrupted()).rejects.toMatchObject(running);
    } finally {
      store.close();
    }
  });
});
