import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const cli = path.join(repoRoot, 'bin/catastro.js');
const worker = path.join(repoRoot, 'test/integration/cli/stopped-twice-worker.ts');
const dir = tempDir('catastro-cli-interrupt-');
const bigFile = path.join(dir, 'segovia-x20.cadastralparcel.gml');

/** Runs `catastro import`, sending `signal` once it reports its first tenth done. */
function importInterrupted(dataDir: string, signal: 'SIGINT' | 'SIGTERM') {
  const child = spawn(process.execPath, [cli, 'import', '--data', dataDir, bigFile], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let sent = false;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (!sent && /: 10% /.test(stderr)) {
      sent = true;
      child.kill(signal);
    }
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; sent: boolean }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code, ended) => {
      clearTimeout(timer);
      resolve({ code, signal: ended, stderr, sent });
    });
  });
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const countParcels = (dataDir: string) => {
  const store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
  try {
    return store.countParcels();
  } finally {
    store.close();
  }
};

beforeAll(() => {
  // The real Segovia members repeated 20 times (about 64 MB): an import long enough to be interrupted midway.
  const gml = sampleParcelsGml().toString('utf8');
  const [start, end] = [gml.indexOf('<member>'), gml.lastIndexOf('</member>') + '</member>'.length];
  writeFileSync(bigFile, gml.slice(0, start) + gml.slice(start, end).repeat(20) + gml.slice(end));
});

// Node's default for both signals ended the process mid-transaction without a word (the copy
// survived through SQLite's journal, its -wal and -shm files were left beside it).
describe('catastro import interrupted by Ctrl-C or SIGTERM', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s: one message, exit %i, the copy byte for byte as before, nothing left beside it, the next import works',
    async (signal, exitCode) => {
      const dataDir = tempDir('catastro-cli-interrupt-data-');
      // The copy already holds the buildings of 40146.
      const first = spawn(process.execPath, [cli, 'import', '--data', dataDir, fixture('A.ES.SDGC.BU.40146.building.gml.gz')], {
        cwd: repoRoot,
        stdio: 'ignore',
      });
      expect(await new Promise((resolve) => first.on('close', resolve))).toBe(0);
      const files = readdirSync(dataDir).sort();
      const before = sha(path.join(dataDir, 'catastro.sqlite'));

      const run = await importInterrupted(dataDir, signal);
      expect(run.sent, run.stderr).toBe(true);
      expect({ code: run.code, signal: run.signal }, run.stderr).toEqual({ code: exitCode, signal: null });
      expect(run.stderr).toMatch(new RegExp(`Import interrupted \\(${signal}\\): nothing was changed`));
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(readdirSync(dataDir).sort()).toEqual(files);
      expect(sha(path.join(dataDir, 'catastro.sqlite'))).toBe(before);
      expect(countParcels(dataDir)).toBe(0);

      const next = spawn(process.execPath, [cli, 'import', '--data', dataDir, fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')], {
        cwd: repoRoot,
        stdio: 'ignore',
      });
      expect(await new Promise((resolve) => next.on('close', resolve))).toBe(0);
      expect(countParcels(dataDir)).toBe(sampleParcelsGml().toString('utf8').split('<cp:CadastralParcel ').length - 1);
    },
    90_000,
  );
});

// A second stop while the first was under way (Ctrl-C pressed again) ended the process at once with
// the import's transaction open: the copy was safe (SQLite drops an uncommitted transaction) but
// its -wal and -shm files stayed beside it. A child with the copy's write transaction open is
// stopped twice by the handlers' own events (stopped-twice-worker.ts says why not by signals).
describe('catastro import stopped again while it stops', () => {
  it.each([
    ['SIGINT', 'SIGINT', 130],
    ['SIGINT', 'SIGTERM', 143],
    ['SIGTERM', 'SIGINT', 130],
  ] as const)(
    '%s then %s: exits %i at once, the copy byte for byte as before and nothing left beside it',
    async (first, second, exitCode) => {
      const dataDir = tempDir('catastro-cli-interrupt-twice-');
      const file = path.join(dataDir, 'catastro.sqlite');
      ParcelStore.open(file).close();
      const files = readdirSync(dataDir).sort();
      const before = sha(file);

      const run = spawnSync(process.execPath, ['--import', 'tsx', worker, file, first, second], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
      expect({ status: run.status, signal: run.signal }, run.stderr).toEqual({ status: exitCode, signal: null });
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`Stopped at once (${second} while stopping)`);
      expect(readdirSync(dataDir).sort()).toEqual(files);
      expect(sha(file)).toBe(before);
      expect(countParcels(dataDir)).toBe(0);
    },
    60_000,
  );
});
