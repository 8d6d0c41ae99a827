import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../../../core/model/index.js';
import { CatastroService } from '../../../core/service.js';
import { PostgisStore } from '../../../core/store/postgres/postgis-store.js';
import { TeamStoreSetting } from '../../../electron/team-store-setting.js';
import { fixture } from '../../helpers/paths.js';
import { postgresSkipReason, startTestCluster, type TestCluster } from '../../helpers/postgres-cluster.js';
import { IMPORT_FORMATS } from '../../../core/countries/import-formats.js';

/**
 * Settings → Team store with the real facade on a real PostGIS cluster, as the Electron main
 * process wires them (electron/main.ts openService: open the new facade, then drop the old one).
 */
const REF = '000700100UL74F';
const PASSWORD = 'desk-s3cret';

describe.skipIf(postgresSkipReason !== undefined)(`team store chosen in Settings${postgresSkipReason ? ` — skipped: ${postgresSkipReason}` : ''}`, () => {
  let cluster: TestCluster;
  let url: string;
  let dataDir: string;
  let current: CatastroService | null = null;
  const reopen = async (store: string | undefined) => {
    const next = await CatastroService.open({ dataDir, store, importSample: false });
    const previous = current;
    current = next;
    previous?.close();
  };

  beforeAll(async () => {
    cluster = await startTestCluster();
    url = (await cluster.createDatabase('desk')).replace('postgres@', `postgres:${PASSWORD}@`);
    const team = await PostgisStore.open(url);
    await team.importFiles([fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')], undefined, { formats: IMPORT_FORMATS });
    await team.close();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-desk-'));
  }, 180_000);
  afterAll(async () => {
    current?.close();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the team store's pool ends after close()
    await cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('opens the facade on the team database, keeps it for the next start, and a database that does not answer changes nothing', async () => {
    const setting = new TeamStoreSetting(dataDir, undefined);
    await reopen(setting.current());
    expect(current!.status().parcels).toBe(0); // the data folder's own copy is empty

    const view = await setting.change(url, reopen);
    expect(view).toMatchObject({ store: 'postgres', where: `127.0.0.1:${cluster.port}/desk` });
    expect(JSON.stringify(view)).not.toContain(PASSWORD);
    const parcel = await current!.parcel(REF);
    expect(parcel.refCatastral).toBe(REF);
    expect(parcel.dataSource).toBe('clone');
    expect(current!.status().parcels).toBe(1443);
    expect(new TeamStoreSetting(dataDir, undefined).current()).toBe(url);

    // The cluster stops: the switch to another database on it fails with 503, the app keeps its store and setting.
    const before = current;
    await cluster.halt();
    try {
      const elsewhere = url.replace('/desk', '/other');
      const error = await setting.change(elsewhere, reopen).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isServiceError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
      expect((error as Error).message).toContain(`127.0.0.1:${cluster.port}/other`);
      expect((error as Error).message).not.toContain(PASSWORD);
      expect(current).toBe(before);
      expect(setting.current()).toBe(url);
    } finally {
      await cluster.resume();
    }

    // Back to the computer's own copy.
    expect(await setting.change(null, reopen)).toEqual({ store: 'sqlite', fromEnvironment: false });
    expect(current!.status().parcels).toBe(0);
  }, 120_000);
});
