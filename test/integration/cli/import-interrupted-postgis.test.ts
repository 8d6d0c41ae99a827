import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { postgresSkipReason, startTestCluster, type TestCluster } from '../../helpers/postgres-cluster.js';
import { tempDir } from '../../helpers/temp-dir.js';

const cli = path.join(repoRoot, 'bin/catastro.js');
const dir = tempDir('catastro-cli-interrupt-pg-');
const bigFile = path.join(dir, 'segovia-x20.cadastralparcel.gml');

function run(args: string[], interruptWith?: 'SIGINT' | 'SIGTERM') {
  const child = spawn(process.execPath, [cli, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let sent = false;
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    if (interruptWith && !sent && /: 10% /.test(output)) {
      sent = true;
      child.kill(interruptWith);
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return new Promise<{ code: number | null; output: string; sent: boolean }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 170_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, sent });
    });
  });
}

// The team database's import path stops where it reports progress (cli/import-command.ts);
// until now only the SQLite path had a test running the real binary.
describe.skipIf(postgresSkipReason !== undefined)(
  `catastro import --store postgres://… interrupted${postgresSkipReason ? ` — skipped: ${postgresSkipReason}` : ''}`,
  () => {
    let cluster: TestCluster;
    let store: string;
    const count = async (table: string) => {
      const client = new pg.Client({ connectionString: store });
      await client.connect();
      try {
        return Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      const gml = sampleParcelsGml().toString('utf8');
      const [start, end] = [gml.indexOf('<member>'), gml.lastIndexOf('</member>') + '</member>'.length];
      writeFileSync(bigFile, gml.slice(0, start) + gml.slice(start, end).repeat(20) + gml.slice(end));
      cluster = await startTestCluster();
      store = await cluster.createDatabase('interrupted');
      const first = await run(['import', '--store', store, fixture('A.ES.SDGC.BU.40146.building.gml.gz')]);
      expect(first.code, first.output).toBe(0);
    }, 180_000);
    afterAll(async () => {
      await cluster?.stop();
    });

    it('Ctrl-C: one message, exit 130, the database as before (its transaction rolled back), and the next import completes', async () => {
      const buildings = await count('buildings');
      const interrupted = await run(['import', '--store', store, bigFile], 'SIGINT');
      expect(interrupted.sent, interrupted.output).toBe(true);
      expect(interrupted.code, interrupted.output).toBe(130);
      expect(interrupted.output).toMatch(/Import interrupted \(SIGINT\): nothing was changed; the file being imported was rolled back/);
      expect(interrupted.output).not.toMatch(/\n\s+at /);
      expect(await count('parcels')).toBe(0);
      expect(await count('buildings')).toBe(buildings);

      const again = await run(['import', '--store', store, fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')]);
      expect(again.code, again.output).toBe(0);
      expect(await count('parcels')).toBe(1443);
    }, 180_000);
  },
);
