import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../../fake-upstream/catastro-atom.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const CP_ZIP = 'A.ES.SDGC.CP.40146.zip';
const PARCELS = sampleParcelsGml().toString('utf8').split('<cp:CadastralParcel ').length - 1;
let fake: FakeCatastroAtom;
beforeAll(async () => { fake = await startFakeCatastroAtom(); });
afterAll(async () => { await fake?.close(); });

function download(dataDir: string) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), 'download', '40146', '--data', dataDir, '--base-url', fake.baseUrl], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code, signal) => { clearTimeout(timer); resolve({ code, signal }); });
  });
  return { child, ended, output: () => output };
}

// SIGTERM (a service manager, `kill`, a closed session) ended the download without a word: only
// Ctrl-C was handled.
describe('catastro download interrupted mid-transfer', () => {
  it.each([['SIGINT', 130], ['SIGTERM', 143]] as const)('%s: says so, exits %i, keeps the .part; the same command resumes it with a Range request', async (signal, exitCode) => {
    const dataDir = path.join(tempDir('catastro-cli-download-'), 'datos ñ');
    const part = path.join(dataDir, 'downloads', `${CP_ZIP}.part`);
    fake.setFault(CP_ZIP, { kind: 'stall' });
    const first = download(dataDir);
    // The fake sends half the parcels zip, then nothing: the transfer is under way.
    for (let waited = 0; !(existsSync(part) && statSync(part).size === fake.zipBytes[CP_ZIP].length >> 1); waited += 50) {
      if (waited > 30_000) throw new Error(`no half-downloaded .part after 30 s:\n${first.output()}`);
      await sleep(50);
    }
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
    try { expect(store.countParcels('ES')).toBe(PARCELS); } finally { store.close(); }
  }, 90_000);
});
