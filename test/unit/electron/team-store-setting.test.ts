import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isServiceError } from '../../../core/model/index.js';
import { PostgisStore } from '../../../core/store/postgres/postgis-store.js';
import { TEAM_STORE_FILE, TeamStoreSetting } from '../../../electron/team-store-setting.js';

/** Settings → Team store as the Electron main process handles it (electron/team-store-setting.ts). */
const PASSWORD = 'Tr0ub4dor&3';
const URL_WITH_PASSWORD = `postgres://appraiser:${encodeURIComponent(PASSWORD)}@db.example.internal:5433/catastro`;

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-team-setting-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The error `work` throws (it must throw). */
async function failure(work: () => unknown): Promise<{ status: number; code: string; message: string }> {
  try {
    await work();
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
  throw new Error('expected a failure');
}

/** A port nothing listens on (taken and released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('team store setting: validation', () => {
  it.each(['postgres://u@h/db', 'postgresql://u:p@h:5432/db?sslmode=require', '  postgres://h/db  '])('accepts %s', (value) => {
    expect(TeamStoreSetting.check(value)).toBe(value.trim());
  });

  it.each([
    ['a MySQL URL', 'mysql://u@h/db'],
    ['a path', '/var/lib/catastro'],
    ['spaces inside', 'postgres://u@h/my db'],
    ['a control character', 'postgres://u@h/db\u0000'],
    ['no host part', 'postgres://'],
    ['a number', 5432],
    ['an object', { url: 'postgres://h/db' }],
    ['a URL of 2,049 characters', `postgres://h/${'d'.repeat(2036)}`],
  ])('refuses %s with 400 VALIDATION_ERROR, before any connection', async (_label, value) => {
    let reopened = false;
    const setting = new TeamStoreSetting(dataDir, undefined);
    const error = await failure(() =>
      setting.change(value, async () => {
        reopened = true;
      }),
    );
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(error.message).toContain('postgres://user:password@host:5432/catastro');
    expect(reopened).toBe(false);
    expect(existsSync(path.join(dataDir, TEAM_STORE_FILE))).toBe(false);
  });

  it("takes an empty value or null as the data folder's SQLite copy", () => {
    expect(TeamStoreSetting.check('')).toBeUndefined();
    expect(TeamStoreSetting.check('   ')).toBeUndefined();
    expect(TeamStoreSetting.check(null)).toBeUndefined();
  });
});

describe('team store setting: persistence, password never returned', () => {
  it('opens the app on the URL, keeps it for the next start (readable by the user only) and shows it without the password', async () => {
    const setting = new TeamStoreSetting(dataDir, undefined);
    expect(setting.view()).toEqual({ store: 'sqlite', fromEnvironment: false });
    const opened: (string | undefined)[] = [];
    const view = await setting.change(URL_WITH_PASSWORD, async (url) => {
      opened.push(url);
    });

    expect(opened).toEqual([URL_WITH_PASSWORD]);
    expect(view).toEqual({
      store: 'postgres',
      url: 'postgres://appraiser@db.example.internal:5433/catastro',
      where: 'db.example.internal:5433/catastro',
      fromEnvironment: false,
    });
    expect(JSON.stringify(view)).not.toContain(PASSWORD);
    expect(JSON.stringify(view)).not.toContain(encodeURIComponent(PASSWORD));

    // The next start (a new main process) opens the same store, password included (it needs it to connect).
    const nextStart = new TeamStoreSetting(dataDir, undefined);
    expect(nextStart.current()).toBe(URL_WITH_PASSWORD);
    expect(nextStart.view()).toEqual(view);
    const file = path.join(dataDir, TEAM_STORE_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: URL_WITH_PASSWORD });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('drops a password given as a URL parameter from what it shows', async () => {
    const setting = new TeamStoreSetting(dataDir, undefined);
    const view = await setting.change(`postgres://u@h:5432/db?password=${encodeURIComponent(PASSWORD)}&sslmode=require`, async () => {});
    expect(view.url).toBe('postgres://u@h:5432/db?sslmode=require');
    expect(JSON.stringify(view)).not.toContain(PASSWORD);
  });

  it('goes back to the local copy with null: reopens without a store and forgets the URL', async () => {
    const setting = new TeamStoreSetting(dataDir, undefined);
    await setting.change(URL_WITH_PASSWORD, async () => {});
    const opened: (string | undefined)[] = [];
    expect(
      await setting.change(null, async (url) => {
        opened.push(url);
      }),
    ).toEqual({ store: 'sqlite', fromEnvironment: false });
    expect(opened).toEqual([undefined]);
    expect(existsSync(path.join(dataDir, TEAM_STORE_FILE))).toBe(false);
    expect(new TeamStoreSetting(dataDir, undefined).current()).toBeUndefined();
  });

  it('falls back to the local copy when the saved file was edited into something else', () => {
    const setting = new TeamStoreSetting(dataDir, undefined);
    for (const content of ['{"url": "mysql://h/db"}', 'not json', '{"url": 7}']) {
      writeFileSync(path.join(dataDir, TEAM_STORE_FILE), content);
      expect(setting.current()).toBeUndefined();
    }
  });

  it('follows CATASTRO_STORE when set, which Settings cannot change', async () => {
    const setting = new TeamStoreSetting(dataDir, URL_WITH_PASSWORD);
    expect(setting.current()).toBe(URL_WITH_PASSWORD);
    expect(setting.view()).toMatchObject({ store: 'postgres', where: 'db.example.internal:5433/catastro', fromEnvironment: true });
    expect(JSON.stringify(setting.view())).not.toContain(PASSWORD);
    const error = await failure(() => setting.change('postgres://other/db', async () => {}));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(error.message).toContain('CATASTRO_STORE');
  });
});

describe('team store setting: a database that does not answer', () => {
  it('says 503 SERVICE_UNAVAILABLE naming the database without its password, keeps the store it had and saves nothing', async () => {
    const port = await closedPort();
    const unreachable = `postgres://appraiser:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/catastro`;
    const setting = new TeamStoreSetting(dataDir, undefined);
    // What the main process does: open the facade's store on the URL (here the store alone).
    const error = await failure(() =>
      setting.change(unreachable, async (url) => {
        await (await PostgisStore.open(url!, { connectTimeoutMs: 3_000 })).close();
      }),
    );
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(error.message).toContain(`127.0.0.1:${port}/catastro`);
    expect(error.message).not.toContain(PASSWORD);
    expect(error.message).not.toContain(encodeURIComponent(PASSWORD));
    expect(setting.view()).toEqual({ store: 'sqlite', fromEnvironment: false });
    expect(existsSync(path.join(dataDir, TEAM_STORE_FILE))).toBe(false);
  });

  it("turns any other failure to open into a 400 naming the database, the password scrubbed from the driver's text", async () => {
    const setting = new TeamStoreSetting(dataDir, undefined);
    const error = await failure(() =>
      setting.change(URL_WITH_PASSWORD, async () => {
        throw new Error(`password authentication failed (tried "${PASSWORD}")`);
      }),
    );
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(error.message).toContain('db.example.internal:5433/catastro');
    expect(error.message).not.toContain(PASSWORD);
  });
});
