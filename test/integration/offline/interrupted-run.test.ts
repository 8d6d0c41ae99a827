import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OfflineProgress } from '../../../core/model/index.js';
import { OfflineAreasService } from '../../../core/offline/offline-areas-service.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../../fake-upstream/catastro-atom.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { repoRoot } from '../../helpers/paths.js';

// The app had no way back to a download it cancelled or that the app's closing cut: the user had
// to remember and type the same choice again (which did resume the file on disk, unseen).
const PARCELS = sampleParcelsGml().toString('utf8').split('<cp:CadastralParcel ').length - 1;
const CP_ZIP = 'A.ES.SDGC.CP.40146.zip';

let fake: FakeCatastroAtom;
let root: string;
let dataDir: string;
let store: ParcelStore;
const services: OfflineAreasService[] = [];
const serviceOn = (dir: string) => {
  const service = new OfflineAreasService(
    store,
    new UpstreamClient({ retries: 0, timeoutMs: 5000 }),
    { atomBaseUrl: fake.baseUrl, etalabRoot: 'http://127.0.0.1:9/etalab-unused' },
    dir,
  );
  services.push(service);
  return service;
};

beforeAll(async () => {
  fake = await startFakeCatastroAtom();
  root = mkdtempSync(path.join(os.tmpdir(), 'catastro-interrupted-run-'));
});
afterAll(async () => {
  store?.close();
  await fake?.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  for (const service of services.splice(0)) service.cancel();
  store?.close();
  dataDir = mkdtempSync(path.join(root, 'data-'));
  store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
  fake.requests.length = 0;
});

/** A download of 40146 cancelled once half its parcels zip is on disk (the fake stalls there). */
async function cancelledHalfway(service: OfflineAreasService) {
  fake.setFault(CP_ZIP, { kind: 'stall' });
  const half = fake.zipBytes[CP_ZIP].length >> 1;
  const onProgress = (p: OfflineProgress) => {
    if (p.phase === 'download' && p.bytesDone >= half) service.cancel();
  };
  const result = await service.download({ municipalities: ['40146'], buildings: false }, onProgress);
  expect(result.cancelled).toBe(true);
  return half;
}

describe('an interrupted download for offline use', () => {
  it('is offered with what is on disk, and resuming it fetches only the rest (Range) and imports the area', async () => {
    const service = serviceOn(dataDir);
    expect(service.interrupted()).toBeNull();
    const half = await cancelledHalfway(service);
    expect(service.interrupted()).toEqual({ choice: { municipalities: ['40146'], buildings: false }, startedAt: expect.any(String), bytesOnDisk: half });

    fake.requests.length = 0;
    const progress: OfflineProgress[] = [];
    const resumed = await service.resume((p) => progress.push(p));
    expect(resumed).toMatchObject({ cancelled: false, failures: [], parcels: PARCELS });
    expect(fake.requests.filter((r) => r.path.endsWith(CP_ZIP)).map((r) => r.range)).toEqual([`bytes=${half}-`]);
    expect(progress.some((p) => p.phase === 'import')).toBe(true);
    expect(store.countParcels('ES')).toBe(PARCELS);
    expect(service.interrupted()).toBeNull();
    await expect(() => service.resume()).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('survives the app closing mid-run: a new start of the app on the same data folder offers it', async () => {
    fake.setFault(CP_ZIP, { kind: 'stall' });
    // The first app is a process of its own, gone without a word (SIGKILL: it is never told).
    const first = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(repoRoot, 'test/integration/offline/offline-run-child.ts'),
        dataDir,
        fake.baseUrl,
        '{"municipalities":["Melque de Cercos"]}',
      ],
      { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const exited = new Promise((resolve) => first.once('exit', resolve));
    // The fake sends half the parcels zip, then nothing: the transfer is under way.
    const part = path.join(dataDir, 'downloads', `${CP_ZIP}.part`);
    const half = fake.zipBytes[CP_ZIP].length >> 1;
    for (let waited = 0; !(existsSync(part) && statSync(part).size === half); waited += 50) {
      if (waited > 30_000 || first.exitCode !== null) throw new Error('the first app wrote no half-downloaded .part');
      await sleep(50);
    }
    // While it lives its download is running, not interrupted.
    expect(serviceOn(dataDir).interrupted()).toBeNull();
    first.kill('SIGKILL');
    await exited;
    // The next app reads the folder: the dead process's claim is no claim.
    const next = serviceOn(dataDir);
    expect(next.interrupted()).toMatchObject({ choice: { municipalities: ['Melque de Cercos'] }, bytesOnDisk: half });
    expect(await next.resume()).toMatchObject({ cancelled: false, failures: [] });
    expect(next.interrupted()).toBeNull();
  }, 60_000);

  it('can be discarded: its files go, nothing is offered, the copy is untouched', async () => {
    const service = serviceOn(dataDir);
    const half = await cancelledHalfway(service);
    expect(await service.discardInterrupted()).toEqual({ bytes: half });
    expect(existsSync(path.join(dataDir, 'downloads'))).toBe(false);
    expect(service.interrupted()).toBeNull();
    expect(store.countParcels('ES')).toBe(0);
  });

  // Discard deleted the whole downloads folder, whatever else was in it.
  it('discarded, deletes only the files that run fetched: other files in the downloads folder stay', async () => {
    const service = serviceOn(dataDir);
    const downloads = path.join(dataDir, 'downloads');
    const half = await cancelledHalfway(service);
    const others = [`${CP_ZIP.replace('40146', '40001')}.part`, 'A.ES.SDGC.BU.40146.zip', 'notes.txt'];
    for (const name of others) writeFileSync(path.join(downloads, name), "not this run's");
    expect(readdirSync(downloads)).toEqual(expect.arrayContaining([`${CP_ZIP}.part`, `${CP_ZIP}.download.json`]));

    expect(await service.discardInterrupted()).toEqual({ bytes: half });
    expect(readdirSync(downloads).sort()).toEqual([...others].sort());
    expect(service.interrupted()).toBeNull();
  });

  it('a run started over an interrupted one takes over its files: discarded, neither run leaves a file behind', async () => {
    const service = serviceOn(dataDir);
    const downloads = path.join(dataDir, 'downloads');
    const BU_ZIP = 'A.ES.SDGC.BU.40146.zip';
    fake.setFault(BU_ZIP, { kind: 'stall' });
    const buHalf = fake.zipBytes[BU_ZIP].length >> 1;
    await service.download({ municipalities: ['40146'] }, (p) => {
      if (p.phase === 'download' && p.file === BU_ZIP && p.bytesDone >= fake.zipBytes[CP_ZIP].length + buHalf) service.cancel();
    });
    expect(readdirSync(downloads)).toContain(`${BU_ZIP}.part`);

    // Another choice replaces it (an update of the area the first run imported), cut short too.
    fake.setFault(CP_ZIP, { kind: 'stall' });
    const cpHalf = fake.zipBytes[CP_ZIP].length >> 1;
    await service.update(['ES.40146'], (p) => {
      if (p.phase === 'download' && p.file === CP_ZIP && p.bytesDone >= cpHalf) service.cancel();
    });
    expect(service.interrupted()).toMatchObject({ areaIds: ['ES.40146'], bytesOnDisk: cpHalf + buHalf });

    expect(await service.discardInterrupted()).toEqual({ bytes: cpHalf + buHalf });
    expect(existsSync(downloads)).toBe(false);
  });

  it('a finished run, and a choice the service refuses (unknown, or a foral territory), leave nothing to resume', async () => {
    const service = serviceOn(dataDir);
    await expect(service.download({ municipalities: ['No such place'] })).rejects.toMatchObject({ code: expect.stringMatching(/VALIDATION_ERROR|NOT_FOUND/) });
    expect(service.interrupted()).toBeNull();
    // A foral municipality (Pamplona): outside the service's coverage, not a download to resume.
    await expect(service.download({ municipalities: ['31201'] })).rejects.toMatchObject({ code: 'CNV_COVERAGE' });
    expect(service.interrupted()).toBeNull();
    const done = await service.download({ municipalities: ['40146'] });
    expect(done.cancelled).toBe(false);
    expect(service.interrupted()).toBeNull();
  });

  // Issue #38 finding 16: a run whose feeds could not be read fetched nothing, yet was offered for resume.
  it('a run that fails before fetching any file leaves nothing to resume and says what failed', async () => {
    const unreachable = new OfflineAreasService(
      store,
      new UpstreamClient({ retries: 0, timeoutMs: 5000 }),
      { atomBaseUrl: 'http://127.0.0.1:9/INSPIRE', etalabRoot: 'http://127.0.0.1:9/etalab-unused' },
      dataDir,
    );
    services.push(unreachable);
    const failed = await unreachable.download({ municipalities: ['40146'] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/Catastro INSPIRE ATOM/) });
    expect(unreachable.interrupted()).toBeNull();
    expect(existsSync(path.join(dataDir, 'downloads', 'interrupted-run.json'))).toBe(false);
  });

  // Issue #40 item 5: a run stopped before its first byte left a "0 MB" download to resume.
  it('a run stopped before any byte reached the disk leaves nothing to resume, and no file behind', async () => {
    const service = serviceOn(dataDir);
    const result = await service.download({ municipalities: ['40146'], buildings: false }, (p) => {
      if (p.phase === 'download') service.cancel();
    });
    expect(result.cancelled).toBe(true);
    expect(service.interrupted()).toBeNull();
    const downloads = path.join(dataDir, 'downloads');
    expect(existsSync(downloads) ? readdirSync(downloads) : []).toEqual([]);
  });

  it('an update cancelled is resumed as the same update', async () => {
    const service = serviceOn(dataDir);
    await service.download({ municipalities: ['40146'], buildings: false });
    fake.setFault(CP_ZIP, { kind: 'stall' });
    const half = fake.zipBytes[CP_ZIP].length >> 1;
    await service.update(['ES.40146'], (p) => {
      if (p.phase === 'download' && p.bytesDone >= half) service.cancel();
    });
    expect(service.interrupted()).toMatchObject({ areaIds: ['ES.40146'], bytesOnDisk: half });
    const resumed = await service.resume();
    expect(resumed.areas.map((a) => a.id)).toEqual(['ES.40146']);
    expect(service.interrupted()).toBeNull();
  });
});
