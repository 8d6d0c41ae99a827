import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, keyMadeByCommand } from '../../helpers/api-harness.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/**
 * Issue #10 (high): while a bulk import held the copy's write lock, every keyed call answered
 * 500 (the quota write waited on the same lock). Keys and usage now live in their own
 * database, so keyed calls during a long import in another process all answer 200.
 */
const REF = '000700100UL74F';
let api: TestApi;
let key: string;
let bigFile: string;

beforeAll(async () => {
  api = await startTestApi({ auth: 'keys' });
  key = await keyMadeByCommand(api.dataDir, 'business');
  // A large real file: the members of the Segovia parcels download repeated (one transaction, one long write lock).
  const gml = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
  const start = gml.indexOf('<member>');
  const end = gml.lastIndexOf('</member>') + '</member>'.length;
  bigFile = path.join(api.dataDir, 'big.cadastralparcel.gml');
  writeFileSync(bigFile, gml.slice(0, start) + gml.slice(start, end).repeat(12) + gml.slice(end));
});
afterAll(async () => {
  await api?.close();
});

describe('keyed calls during a bulk import', () => {
  it('all answer 200 and are charged while another process imports into the same data folder', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'test/integration/import/import-child.ts'), path.join(api.dataDir, 'catastro.sqlite'), bigFile],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let importing = false;
    let done = false;
    const finished = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        done = true;
        resolve(code);
      }),
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) importing = true;
    });

    const statuses: number[] = [];
    const bodies: string[] = [];
    let remaining = Number.POSITIVE_INFINITY;
    while (!done) {
      if (!importing) {
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      const res = await api.app.inject({ url: `/api/catastro/${REF}`, headers: { 'x-api-key': key } });
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) bodies.push(res.body.slice(0, 200));
      else remaining = Number(res.headers['x-quota-remaining']);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await finished).toBe(0);
    expect(bodies).toEqual([]);
    expect(statuses.length, 'calls made while the import ran').toBeGreaterThanOrEqual(20);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(remaining).toBe(50_000 - statuses.length);
    expect(embeddedCopy(api.service).countParcels()).toBe(1443); // the import committed (same parcels, upserted)
  }, 120_000);
});
