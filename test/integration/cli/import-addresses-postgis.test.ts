import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip } from '../../helpers/catastro-zips.js';
import { ADDRESSES_FILE, portalsOfFile } from '../../helpers/inspire-addresses.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { postgresSkipReason, startTestCluster, type TestCluster } from '../../helpers/postgres-cluster.js';
import { tempDir } from '../../helpers/temp-dir.js';

const cli = path.join(repoRoot, 'bin/catastro.js');
const dir = tempDir('catastro-cli-addresses-pg-');

function run(args: string[]) {
  const child = spawn(process.execPath, [cli, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// An Addresses file as the Catastro publishes it (A.ES.SDGC.AD.<municipality>.zip) into the team database.
describe.skipIf(postgresSkipReason !== undefined)(
  `catastro import --store postgres://… an Addresses zip${postgresSkipReason ? ` — skipped: ${postgresSkipReason}` : ''}`,
  () => {
    let cluster: TestCluster;
    let store: string;
    const portals = async () => {
      const client = new pg.Client({ connectionString: store });
      await client.connect();
      try {
        return (await client.query('SELECT ref, street, number, postcode, municipality FROM addresses ORDER BY ref, number')).rows;
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      cluster = await startTestCluster();
      store = await cluster.createDatabase('addresses');
    }, 120_000);
    afterAll(async () => {
      await cluster?.stop();
    });

    it('keeps every portal once however often it is imported; a damaged file exits 1 and changes nothing', async () => {
      const gml = readFileSync(ADDRESSES_FILE);
      const zip = await writeZip(path.join(dir, 'A.ES.SDGC.AD.38012.zip'), { 'A.ES.SDGC.AD.38012.gml': gml });
      const first = await run(['import', '--store', store, zip]);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toMatch(/A\.ES\.SDGC\.AD\.38012\.zip\s+inspire-addresses\s+0\s+0\s+0\s+0\s+14\s/);
      expect(first.output).toMatch(/: 100% \(14 records\)/);
      const stored = await portals();
      expect(stored.map((p) => `${p.ref} ${p.number}`).sort()).toEqual(
        portalsOfFile()
          .map((p) => `${p.ref} ${p.number}`)
          .sort(),
      );
      expect(stored.find((p) => p.ref === '8544911CS5284S')).toMatchObject({
        street: 'CR GENERAL DEL SUR (FASNIA)',
        number: '73',
        postcode: '38570',
        municipality: 'FASNIA',
      });

      const again = await run(['import', '--store', store, zip]);
      expect(again.code, again.output).toBe(0);
      expect(await portals()).toEqual(stored);

      const damaged = path.join(dir, 'A.ES.SDGC.AD.38012.gml');
      writeFileSync(damaged, gml.subarray(0, Math.floor(gml.length * 0.6)));
      const refused = await run(['import', '--store', store, damaged]);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toMatch(/Import of A\.ES\.SDGC\.AD\.38012\.gml failed, nothing of it was kept/);
      expect(await portals()).toEqual(stored);
    }, 120_000);

    it('writes only to the database: no local copy is made in the data folder', async () => {
      const dataDir = path.join(dir, 'team-import-data');
      const imported = await run(['import', '--data', dataDir, '--store', store, fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')]);
      expect(imported.code, imported.output).toBe(0);
      expect(imported.output).toContain('The team database now holds 1443 parcels.');
      expect(existsSync(path.join(dataDir, 'catastro.sqlite'))).toBe(false);
    }, 120_000);
  },
);
