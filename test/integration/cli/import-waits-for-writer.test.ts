import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const cli = path.join(repoRoot, 'bin/catastro.js');
const BUILDINGS = fixture('A.ES.SDGC.BU.40146.building.gml.gz');

/** A copy with another process's write transaction open on it (here: this test's own connection). */
function lockedCopy() {
  const dataDir = tempDir('catastro-cli-wait-');
  ParcelStore.open(path.join(dataDir, 'catastro.sqlite')).close();
  const other = new Database(path.join(dataDir, 'catastro.sqlite'));
  other.exec('BEGIN IMMEDIATE');
  return {
    dataDir,
    release: () => {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
    },
  };
}

function importInto(dataDir: string) {
  const child = spawn(process.execPath, [cli, 'import', '--data', dataDir, BUILDINGS], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ended = new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  const said = async (pattern: RegExp) => {
    for (let waited = 0; !pattern.test(output); waited += 50) {
      if (waited > 30_000) throw new Error(`never said ${pattern}:\n${output}`);
      await sleep(50);
    }
  };
  return { child, ended, said, output: () => output };
}

const countBuildings = (dataDir: string) => {
  const store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
  try {
    return store.db.prepare('SELECT count(*) FROM buildings').pluck().get();
  } finally {
    store.close();
  }
};

// A second `catastro import` beside a running one sat silent for 5 s, then failed ("did not start").
describe('catastro import while another process writes to the copy', () => {
  it('says it waits, and imports as soon as the other writer ends (even after the old 5 s)', async () => {
    const { dataDir, release } = lockedCopy();
    try {
      const run = importInto(dataDir);
      await run.said(/Another process is writing to the local copy .*waiting for it to end\. Ctrl-C stops waiting\./);
      await sleep(6000);
      expect(run.output()).not.toMatch(/did not start/);
      release();
      expect(await run.ended, run.output()).toBe(0);
      expect(run.output().match(/Another process is writing/g)).toHaveLength(1);
      expect(countBuildings(dataDir)).toBeGreaterThan(0);
    } finally {
      release();
    }
  }, 60_000);

  it('Ctrl-C while waiting stops at once: exit 130, nothing changed', async () => {
    const { dataDir, release } = lockedCopy();
    try {
      const run = importInto(dataDir);
      await run.said(/waiting for it to end/);
      run.child.kill('SIGINT');
      expect(await run.ended, run.output()).toBe(130);
      expect(run.output()).toMatch(/Import interrupted \(SIGINT\): nothing was changed/);
      expect(run.output()).not.toMatch(/\n\s+at /);
      release();
      expect(countBuildings(dataDir)).toBe(0);
    } finally {
      release();
    }
  }, 60_000);
});
