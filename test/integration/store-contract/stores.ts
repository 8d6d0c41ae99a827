import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore, type ApiKeyRecord, type CreateKeyInput, type KeyVerification } from '../../../core/auth/key-store.js';
import { QuotaLedger, type KeyQuotaAccounts } from '../../../core/auth/quota.js';
import type { UsageCounting } from '../../../core/auth/usage-counter.js';
import type { CadastralStore } from '../../../core/store/cadastral-store.js';
import type { ImportProgress, ImportResult } from '../../../core/model/records.js';
import { PgConnection } from '../../../core/store/postgres/connection.js';
import { PgKeyStore, PgUsageCounter } from '../../../core/auth/pg-access.js';
import { IMPORT_FORMATS, importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { PostgisStore } from '../../../core/store/postgres/postgis-store.js';
import { postgresSkipReason, startTestCluster, type TestCluster } from '../../helpers/postgres-cluster.js';

/** One store under the contract, with how it imports files and how it is removed. */
export interface StoreUnderTest {
  store: CadastralStore;
  importFiles: (files: string[], onProgress?: (progress: ImportProgress) => void) => Promise<ImportResult[]>;
  dispose(): Promise<void>;
}

/** Keys and quota counters as a server process sees them (each `open` is one more process's connection). */
export interface AccessUnderTest {
  keys: {
    create(input: CreateKeyInput): Promise<{ key: string; record: ApiKeyRecord }> | { key: string; record: ApiKeyRecord };
    list(): Promise<ApiKeyRecord[]> | ApiKeyRecord[];
    revoke(id: string): Promise<boolean> | boolean;
    verify(key: string): Promise<KeyVerification> | KeyVerification;
  };
  ledger: KeyQuotaAccounts;
  dispose(): Promise<void>;
}

export interface Implementation {
  name: string;
  /** Why this implementation cannot run here (the suite says so in its title), or undefined. */
  skip?: string;
  /** Set up once per test file (a PostgreSQL cluster), torn down by `stop`. */
  start(): Promise<void>;
  open(): Promise<StoreUnderTest>;
  /** Keys and usage of one access database, opened `connections` times (as several processes would). */
  openAccess(connections: number): Promise<AccessUnderTest[]>;
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
        async dispose() {
          store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
    async openAccess(connections) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-contract-access-'));
      let open = connections;
      return Array.from({ length: connections }, () => {
        const db = openAccessDatabase(dir);
        return {
          keys: new KeyStore(db),
          ledger: new QuotaLedger(db),
          async dispose() {
            db.close();
            if (--open === 0) rmSync(dir, { recursive: true, force: true });
          },
        };
      });
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
    async start() {
      cluster = await startTestCluster();
    },
    async open() {
      const url = await cluster!.createDatabase(`contract_${++databases}`);
      const store = await PostgisStore.open(url, { poolSize: 4 });
      return {
        store,
        importFiles: (files, onProgress) => store.importFiles(files, onProgress, { formats: IMPORT_FORMATS }),
        async dispose() {
          await store.close();
        },
      };
    },
    async openAccess(connections) {
      const url = await cluster!.createDatabase(`access_${++databases}`);
      (await PostgisStore.open(url)).close();
      return Array.from({ length: connections }, () => {
        const db = new PgConnection(url, { max: 4 });
        return {
          keys: new PgKeyStore(db),
          ledger: new QuotaLedger<UsageCounting>(new PgUsageCounter(db)),
          dispose: () => db.end(),
        };
      });
    },
    async stop() {
      await cluster?.stop();
      cluster = undefined;
    },
  };
}

export const IMPLEMENTATIONS = [sqliteImplementation(), postgisImplementation()];

/** The suite's title: the implementation's name, and why it is skipped when it is. */
export const titleOf = (impl: Implementation) => (impl.skip ? `${impl.name} — skipped: ${impl.skip}` : impl.name);
