import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CadastralStore, ImportInto } from '../../../core/store/cadastral-store.js';
import { importFiles } from '../../../core/store/import-runner.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { PostgisStore } from '../../../core/store/postgres/postgis-store.js';
import { postgresSkipReason, startTestCluster, type TestCluster } from '../../helpers/postgres-cluster.js';

/** One store under the contract, with how it imports files and how it is removed. */
export interface StoreUnderTest {
  store: CadastralStore;
  importFiles: ImportInto;
  dispose(): Promise<void>;
}

export interface Implementation {
  name: string;
  /** Why this implementation cannot run here (the suite says so in its title), or undefined. */
  skip?: string;
  /** Set up once per test file (a PostgreSQL cluster), torn down by `stop`. */
  start(): Promise<void>;
  open(): Promise<StoreUnderTest>;
  stop(): Promise<void>;
}

export function sqliteImplementation(): Implementation {
  return {
    name: 'SQLite (embedded)',
    async start() {},
    async open() {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-contract-'));
      const store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
      return {
        store,
        importFiles: (files, onProgress) => importFiles(store, files, onProgress),
        async dispose() { store.close(); rmSync(dir, { recursive: true, force: true }); },
      };
    },
    async stop() {},
  };
}

export function postgisImplementation(): Implementation {
  let cluster: TestCluster | undefined;
  let databases = 0;
  return {
    name: 'PostgreSQL/PostGIS (team server)',
    skip: postgresSkipReason,
    async start() { cluster = await startTestCluster(); },
    async open() {
      const url = await cluster!.createDatabase(`contract_${++databases}`);
      const store = await PostgisStore.open(url, { poolSize: 4 });
      return {
        store,
        importFiles: (files, onProgress) => store.importFiles(files, onProgress),
        async dispose() { await store.close(); },
      };
    },
    async stop() { await cluster?.stop(); cluster = undefined; },
  };
}

export const IMPLEMENTATIONS = [sqliteImplementation(), postgisImplementation()];

/** The suite's title: the implementation's name, and why it is skipped when it is. */
export const titleOf = (impl: Implementation) => (impl.skip ? `${impl.name} — skipped: ${impl.skip}` : impl.name);
