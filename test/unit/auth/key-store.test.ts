import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_DB_FILE } from '../../../core/auth/access-db.js';
import { hashApiKey, KeyStore } from '../../../core/auth/key-store.js';
import { runKeysCommand } from '../../../cli/keys-command.js';

const clockAt = (iso: string) => () => new Date(iso);

describe('KeyStore', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('stores only the SHA-256 of the key: the clear key is nowhere in the database files', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-keys-'));
    const db = new Database(path.join(dir, ACCESS_DB_FILE));
    const { key, record } = new KeyStore(db).create({ tier: 'pro', label: 'accounting' });
    db.close();
    const bytes = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir!, f)).toString('latin1'))
      .join('');
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

  // Each printed its own words (commander's `error: …`, `no key with id nope`, the team
  // database's text alone) where the other commands lead with the spec's code.
  it.each([
    [
      'a tier not offered',
      ['create', '--tier', 'gold'],
      "VALIDATION_ERROR: Option '--tier <tier>' argument 'gold' is invalid. Allowed choices are free, basic, pro, business.",
    ],
    ['no tier', ['create'], "VALIDATION_ERROR: Required option '--tier <tier>' not specified."],
    [
      'an --expires that is no day',
      ['create', '--tier', 'free', '--expires', '31/12/2030'],
      "VALIDATION_ERROR: Option '--expires <YYYY-MM-DD>' argument '31/12/2030' is invalid. Expiry date must be a calendar date YYYY-MM-DD, got '31/12/2030'.",
    ],
    ['an --expires without its day', ['create', '--tier', 'free', '--expires'], "VALIDATION_ERROR: Option '--expires <YYYY-MM-DD>' argument missing."],
    [
      'a --store that is no URL',
      ['list', '--store', 'notaurl'],
      "VALIDATION_ERROR: Option '--store <url>' argument 'notaurl' is invalid. A team store is a postgres://user@host:port/database URL; leave --store out to use the data folder's own copy.",
    ],
    [
      'a team database that does not answer',
      ['list', '--store', 'postgres://catastro@127.0.0.1:1/catastro'],
      /^SERVICE_UNAVAILABLE: The team database does not answer; try again when it is back\. \(127\.0\.0\.1:1\/catastro: .+\)$/,
    ],
    ['a key id not there', ['revoke', 'nope'], 'NOT_FOUND: No key with id nope; `catastro keys list` shows the ids.'],
    ['revoke without an id', ['revoke'], "VALIDATION_ERROR: Missing required argument 'id'."],
    ['two ids', ['revoke', 'a', 'b'], "VALIDATION_ERROR: Too many arguments for 'revoke'. Expected 1 argument but got 2."],
    ['a sub-command not there', ['lst'], "VALIDATION_ERROR: Unknown command 'lst' (Did you mean list?)"],
    ['an option not there', ['list', '--bogus'], "VALIDATION_ERROR: Unknown option '--bogus'."],
  ] as [string, string[], string | RegExp][])("refuses %s in one line led by the spec's code, exit 1, no key made", async (_name, args, line) => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-cli-'));
    const refused = await run(args);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    if (typeof line === 'string') expect(refused.err).toBe(line);
    else expect(refused.err).toMatch(line);
    expect(JSON.parse((await run(['list', '--json'])).out)).toEqual([]);
  });

  it('refuses a data folder that cannot hold the keys with VALIDATION_ERROR naming it, exit 1', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-cli-'));
    const aFile = path.join(dir, 'notas.txt');
    writeFileSync(aFile, 'not a folder\n');
    const out: string[] = [];
    const code = await runKeysCommand(['list'], { dataDir: path.join(aFile, 'sub'), io: { out: (l) => out.push(l), err: (l) => out.push(l) } });
    expect(code).toBe(1);
    expect(out).toEqual([`VALIDATION_ERROR: The data folder ${path.join(aFile, 'sub')} cannot be used: ${aFile} is a file, not a folder.`]);
  });
});
