import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DenmarkAdapter } from '../../../core/countries/dk/adapter.js';
import { isServiceError } from '../../../core/model/index.js';
import { DATAFORDELER_KEY_FILE, DatafordelerKeySetting, type SecretCipher } from '../../../electron/datafordeler-key-setting.js';

/** Settings → Denmark as the Electron main process handles it (electron/datafordeler-key-setting.ts). */
const KEY = 'dF-9c1e7Qk2zT8pLw';

/** Stands for Electron's safeStorage: reversible, and the stored bytes never contain the key as typed. */
const cipher = (available = true): SecretCipher => ({
  isEncryptionAvailable: () => available,
  encryptString: (text) => Buffer.from(`sealed:${Buffer.from(text, 'utf8').toString('base64').split('').reverse().join('')}`),
  decryptString: (data) => {
    const text = data.toString('utf8');
    if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(text.slice('sealed:'.length).split('').reverse().join(''), 'base64').toString('utf8');
  },
});

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-dk-key-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function failure(work: () => unknown): Promise<{ code: string; message: string }> {
  try {
    await work();
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { code: error.code, message: error.message };
  }
  throw new Error('expected a failure');
}

describe('Settings → Denmark: the Datafordeler API key', () => {
  it('keeps the key encrypted (never as typed, readable by the user only), reopens the service with it, and shows only that one is set', async () => {
    const setting = new DatafordelerKeySetting(dataDir, cipher(), undefined);
    expect(setting.view()).toEqual({ configured: false, fromEnvironment: false, canStore: true });
    const reopened: (string | undefined)[] = [];
    const view = await setting.change(`  ${KEY} `, async (key) => {
      reopened.push(key);
    });
    expect(reopened).toEqual([KEY]);
    expect(view).toEqual({ configured: true, fromEnvironment: false, canStore: true });
    expect(JSON.stringify(view)).not.toContain(KEY);
    const file = path.join(dataDir, DATAFORDELER_KEY_FILE);
    expect(readFileSync(file).toString('latin1')).not.toContain(KEY);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    // A new start reads it back: Danish lookups are configured again (the status check is a real query).
    const again = new DatafordelerKeySetting(dataDir, cipher(), undefined).current();
    expect(again).toBe(KEY);
    const [check] = new DenmarkAdapter({ datafordelerApiKey: again }).statusChecks();
    expect(check.unconfigured).toBeUndefined();
  });

  it('removes the key with null; a reopening that fails saves nothing', async () => {
    const setting = new DatafordelerKeySetting(dataDir, cipher(), undefined);
    await setting.change(KEY, async () => {});
    await expect(
      setting.change('other-key-123', async () => {
        throw new Error('could not open');
      }),
    ).rejects.toThrow('could not open');
    expect(setting.current()).toBe(KEY);
    expect(await setting.change(null, async () => {})).toMatchObject({ configured: false });
    expect(existsSync(path.join(dataDir, DATAFORDELER_KEY_FILE))).toBe(false);
  });

  it('refuses a key with spaces or too long, a system without encrypted storage, and a key the environment sets', async () => {
    const setting = new DatafordelerKeySetting(dataDir, cipher(), undefined);
    expect(await failure(() => setting.change('two words', async () => {}))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/no spaces/),
    });
    expect(await failure(() => setting.change('k'.repeat(257), async () => {}))).toMatchObject({ code: 'VALIDATION_ERROR' });
    const plain = new DatafordelerKeySetting(dataDir, cipher(false), undefined);
    expect(plain.view().canStore).toBe(false);
    expect(await failure(() => plain.change(KEY, async () => {}))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/CATASTRO_DK_DATAFORDELER_API_KEY/),
    });
    expect(existsSync(path.join(dataDir, DATAFORDELER_KEY_FILE))).toBe(false);
    const fromEnv = new DatafordelerKeySetting(dataDir, cipher(), 'env-key-1');
    expect(fromEnv.current()).toBe('env-key-1');
    expect(fromEnv.view()).toEqual({ configured: true, fromEnvironment: true, canStore: true });
    expect(await failure(() => fromEnv.change(KEY, async () => {}))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/environment variable/),
    });
  });

  it('a file it cannot decrypt (another user, another system, damaged) counts as no key', () => {
    writeFileSync(path.join(dataDir, DATAFORDELER_KEY_FILE), 'not sealed');
    expect(new DatafordelerKeySetting(dataDir, cipher(), undefined).current()).toBeUndefined();
  });
});
