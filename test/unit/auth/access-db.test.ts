import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_DB_FILE, openAccessDatabase } from '../../../core/auth/access-db.js';
import { ACCESS_MIGRATIONS } from '../../../core/auth/access-schema.js';
import { hashApiKey, KeyStore } from '../../../core/auth/key-store.js';
import { QuotaLedger } from '../../../core/auth/quota.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';

const tables = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'api_%' ORDER BY name").pluck().all() as string[];
  } finally {
    db.close();
  }
};

/** A data folder as the previous version left it: keys and usage inside the copy's file. */
function legacyFolder(dir: string, clearKey: string): void {
  ParcelStore.open(path.join(dir, 'catastro.sqlite')).close();
  const db = new Database(path.join(dir, 'catastro.sqlite'));
  // The tables exactly as the previous version's KeyStore and UsageCounter created them.
  db.exec(`
    CREATE TABLE api_keys (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE,
      tier TEXT NOT NULL CHECK (tier IN ('free', 'basic', 'pro', 'business')), organisation INTEGER NOT NULL DEFAULT 0,
      label TEXT, expires_on TEXT, created_at TEXT NOT NULL, revoked_at TEXT);
    CREATE TABLE api_usage (subject TEXT NOT NULL, period TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (subject, period)) WITHOUT ROWID;`);
  db.prepare("INSERT INTO api_keys VALUES ('k1', ?, 'basic', 1, 'ACME', NULL, '2026-01-01T00:00:00.000Z', NULL)").run(hashApiKey(clearKey));
  db.prepare("INSERT INTO api_usage VALUES ('key:k1', '2026-11', 37), ('ip:10.0.0.1', '2026-11-23', 4)").run();
  db.close();
}

describe('the keys-and-usage database', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('upgrades a keys file of the first schema in place: its keys still verify, and a key id can no longer be NULL', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-access-'));
    const old = new Database(path.join(dir, ACCESS_DB_FILE));
    old.exec(ACCESS_MIGRATIONS[0]);
    old.pragma('user_version = 1');
    old.prepare("INSERT INTO api_keys VALUES ('k1', ?, 'pro', 0, 'ACME', NULL, '2026-01-01T00:00:00.000Z', NULL)").run(hashApiKey('cdk_old'));
    old.close();

    const db = openAccessDatabase(dir);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(ACCESS_MIGRATIONS.length);
      expect(new KeyStore(db).verify('cdk_old')).toMatchObject({ ok: true, key: { id: 'k1', tier: 'pro', label: 'ACME' } });
      const insertWithoutId = db.prepare("INSERT INTO api_keys (id, key_hash, tier, created_at) VALUES (NULL, 'h', 'free', 'now')");
      expect(() => insertWithoutId.run()).toThrow(/NOT NULL/);
    } finally {
      db.close();
    }
  });

  it('lives in its own file: the copy holds no key table', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-access-'));
    ParcelStore.open(path.join(dir, 'catastro.sqlite')).close();
    const db = openAccessDatabase(dir);
    new KeyStore(db).create({ tier: 'free' });
    db.close();
    expect(existsSync(path.join(dir, ACCESS_DB_FILE))).toBe(true);
    expect(tables(path.join(dir, 'catastro.sqlite'))).toEqual([]);
    expect(tables(path.join(dir, ACCESS_DB_FILE))).toEqual(['api_keys', 'api_usage']);
  });

  it('moves the keys and usage of an older data folder across once, and drops them from the copy', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-access-'));
    const clearKey = 'cdk_legacy-key-made-by-the-previous-version';
    legacyFolder(dir, clearKey);
    const clock = () => new Date('2026-11-23T12:00:00Z');
    let db = openAccessDatabase(dir);
    expect(new KeyStore(db, clock).verify(clearKey)).toMatchObject({ ok: true, key: { id: 'k1', tier: 'basic', organisation: true, label: 'ACME' } });
    expect(new QuotaLedger(db, clock).peek('k1').used).toBe(37);
    db.close();
    expect(tables(path.join(dir, 'catastro.sqlite'))).toEqual([]);

    // An old tool writing the legacy table again later is not copied a second time.
    const copy = new Database(path.join(dir, 'catastro.sqlite'));
    copy.exec(
      "CREATE TABLE api_usage (subject TEXT NOT NULL, period TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (subject, period)) WITHOUT ROWID; INSERT INTO api_usage VALUES ('key:k1', '2026-11', 99);",
    );
    copy.close();
    db = openAccessDatabase(dir);
    expect(new QuotaLedger(db, clock).peek('k1').used).toBe(37);
    db.close();
  });
});
