import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_DB_FILE } from '../../../core/auth/access-db.js';
import { hashApiKey, KeyStore } from '../../../core/auth/key-store.js';
import { runKeysCommand } from '../../../core/auth/keys-command.js';

const clockAt = (iso: string) => () => new Date(iso);

describe('KeyStore', () => {
  let dir: string | undefined;
  afterEach(() => { if (dir) rmSync(dir, { recursive: true, force: true }); dir = undefined; });

  it('stores only the SHA-256 of the key: the clear key is nowhere in the database files', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-keys-'));
    const db = new Database(path.join(dir, ACCESS_DB_FILE));
    const { key, record } = new KeyStore(db).create({ tier: 'pro', label: 'accounting' });
    db.close();
    const bytes = readdirSync(dir).map((f) => readFileSync(path.join(dir!, f)).toString('latin1')).join('');
    expect(bytes).not.toContain(key);
    expect(bytes).not.toContain(key.slice(4, 20));
    expect(bytes).toContain(hashApiKey(key));
    expect(record).toMatchObject({ tier: 'pro', label: 'accounting', organisation: false, monthlyQuota: 15000 });
  });

  it('verifies by hash; revoked and expired keys are refused with their reason', () => {
    const db = new Database(':memory:');
    const store = new KeyStore(db, clockAt('2026-11-23T12:00:00Z'));
    const good = store.create({ tier: 'basic' });
    expect(store.verify(good.key)).toMatchObject({ ok: true, key: { id: good.record.id, tier: 'basic' } });
    expect(store.verify(good.key + 'x')).toEqual({ ok: false, reason: 'unknown' });

    const lastDay = store.create({ tier: 'free', expiresOn: '2026-11-23' });
    expect(store.verify(lastDay.key).ok).toBe(true); // valid through its whole last UTC day
    const expired = store.create({ tier: 'free', expiresOn: '2026-11-22' });
    expect(store.verify(expired.key)).toEqual({ ok: false, reason: 'expired' });

    expect(store.revoke(good.record.id)).toBe(true);
    expect(store.verify(good.key)).toEqual({ ok: false, reason: 'revoked' });
    expect(store.revoke('nope')).toBe(false);
  });

  it('refuses impossible expiry dates and unknown tiers', () => {
    const store = new KeyStore(new Database(':memory:'));
    expect(() => store.create({ tier: 'free', expiresOn: '2026-02-30' })).toThrow(/calendar date/);
    expect(() => store.create({ tier: 'gold' as never })).toThrow(/Tier/);
  });
});

describe('catastro keys (CLI)', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runKeysCommand(args, { dataDir: dir, io: { out: (l) => out.push(l), err: (l) => err.push(l) } });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('create prints the key once; list shows ids and plans but no key; revoke makes it invalid', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-cli-'));
    const created = await run(['create', '--tier', 'business', '--organisation', '--expires', '2030-12-31', '--label', 'ACME']);
    expect(created.code).toBe(0);
    const key = /key:\s+(cdk_\S+)/.exec(created.out)![1];
    const id = /id:\s+(\S+)/.exec(created.out)![1];
    expect(created.out).toContain('50000 requests/month');

    const listed = await run(['list', '--json']);
    const keys = JSON.parse(listed.out);
    expect(keys).toEqual([expect.objectContaining({ id, tier: 'business', organisation: true, expiresOn: '2030-12-31', label: 'ACME', revokedAt: null })]);
    expect(listed.out).not.toContain(key);
    expect((await run(['list'])).out).toContain(id);

    const db = new Database(path.join(dir, ACCESS_DB_FILE));
    expect(new KeyStore(db).verify(key).ok).toBe(true);
    db.close();

    expect((await run(['revoke', id])).code).toBe(0);
    const db2 = new Database(path.join(dir, ACCESS_DB_FILE));
    expect(new KeyStore(db2).verify(key)).toEqual({ ok: false, reason: 'revoked' });
    db2.close();
  });

  it('rejects a bad tier, a bad date, a missing tier and an unknown id with a non-zero exit', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-cli-'));
    expect((await run(['create', '--tier', 'gold'])).code).not.toBe(0);
    expect((await run(['create', '--tier', 'free', '--expires', '31/12/2030'])).code).not.toBe(0);
    expect((await run(['create'])).code).not.toBe(0);
    const revoke = await run(['revoke', 'nope']);
    expect(revoke.code).toBe(1);
    expect(revoke.err).toContain('no key with id nope');
    expect(JSON.parse((await run(['list', '--json'])).out)).toEqual([]);
  });
});
