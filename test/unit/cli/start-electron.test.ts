import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ELECTRON_FETCH_RETRY_AFTER_MS, findOrFetchElectron } from '../../../cli/electron-binary.js';
import { startApp, type DesktopSteps } from '../../../cli/start.js';

/**
 * `catastro start` after `npm ci`, which does not run Electron's installer (package.json
 * allowScripts): the first start runs it, then launches Electron or falls back to the browser
 * with the reason. The installer here is a fake in a fake electron package (the real one needs
 * the download host, which these machines cannot reach); the decisions are the real ones.
 */
let packageDir: string;
let logged: string[];

/** A fake electron package whose install.js runs `installer` (Node code). */
function fakeElectronPackage(installer: string): string {
  writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify({ name: 'electron', version: '39.0.0-fake' }));
  writeFileSync(path.join(packageDir, 'install.js'), installer);
  return packageDir;
}

/** What the real installer leaves: dist/<binary> and path.txt naming it. */
const WRITES_BINARY = `
const fs = require('fs'), path = require('path');
fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });
fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '#!/bin/sh\\n');
fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');
`;
const FAILS = `
process.stderr.write('Downloading electron-v39.0.0-linux-x64.zip: [====] 40%\\r');
console.error('RequestError: getaddrinfo ENOTFOUND github.com\\n    at ClientRequest.<anonymous> (got/index.js:970:111)');
process.exit(1);
`;
const HANGS = `setInterval(() => {}, 1000);`;

/** startApp with the machine's steps replaced: Electron found by `findElectron`, launch and browser recorded. */
async function start(findElectron: DesktopSteps['findElectron'], options = { data: '/tmp/catastro-data', basemap: undefined as string | undefined }) {
  const launches: { binary: string; args: string[] }[] = [];
  let servedInBrowser = false;
  await startApp(
    options,
    async () => {
      servedInBrowser = true;
      return 'http://127.0.0.1:8787/#session=x';
    },
    {
      findElectron,
      launch: (binary, args) => launches.push({ binary, args }),
      prepareBrowserApp: () => true,
    },
  );
  return { launches, servedInBrowser };
}

beforeEach(() => {
  packageDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-fake-electron-'));
  logged = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => {
    logged.push(line);
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  vi.stubEnv('ELECTRON_SKIP_BINARY_DOWNLOAD', '');
  vi.stubEnv('ELECTRON_OVERRIDE_DIST_PATH', undefined);
  vi.stubEnv('ELECTRON_MIRROR', 'https://mirror.example.org/electron/');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  rmSync(packageDir, { recursive: true, force: true });
});

describe('catastro start: Electron fetched on first use', () => {
  it('runs the installer of a package without its binary, says what it fetches from where, and launches what it installed', async () => {
    fakeElectronPackage(WRITES_BINARY);
    const { launches, servedInBrowser } = await start(() => findOrFetchElectron({ packageDir, timeoutMs: 20_000 }));
    expect(logged[0]).toMatch(/^Fetching Electron 39\.0\.0-fake for \w+-\w+ from https:\/\/mirror\.example\.org\/electron\//);
    expect(launches).toEqual([{ binary: path.join(packageDir, 'dist', 'electron'), args: ['--data=/tmp/catastro-data'] }]);
    expect(servedInBrowser).toBe(false);
  });

  it('launches an installed binary without fetching', async () => {
    fakeElectronPackage(FAILS);
    mkdirSync(path.join(packageDir, 'dist'));
    writeFileSync(path.join(packageDir, 'dist', 'electron'), '');
    chmodSync(path.join(packageDir, 'dist', 'electron'), 0o755);
    writeFileSync(path.join(packageDir, 'path.txt'), 'electron');
    const { launches } = await start(() => findOrFetchElectron({ packageDir }));
    expect(launches).toHaveLength(1);
    expect(logged.some((line) => line.startsWith('Fetching'))).toBe(false);
  });

  it("serves the browser app with the installer's own error as the reason when the fetch fails", async () => {
    fakeElectronPackage(FAILS);
    const { launches, servedInBrowser } = await start(() => findOrFetchElectron({ packageDir, timeoutMs: 20_000 }));
    expect(launches).toEqual([]);
    expect(servedInBrowser).toBe(true);
    expect(logged).toContain(
      'Electron is not available here (fetching it failed: RequestError: getaddrinfo ENOTFOUND github.com); serving the same app in the browser instead.',
    );
  });

  it('does not try a failed fetch again on every start, only a day later', async () => {
    // Counts its runs, then fails as a download host out of reach does.
    fakeElectronPackage(`require('fs').appendFileSync(require('path').join(__dirname, 'runs'), 'x');\n${FAILS}`);
    const runs = () => {
      try {
        return readFileSync(path.join(packageDir, 'runs'), 'utf8').length;
      } catch {
        return 0;
      }
    };
    const failedAt = Date.parse('2026-11-28T09:00:00Z');
    await start(() => findOrFetchElectron({ packageDir, timeoutMs: 20_000, now: failedAt }));
    expect(runs()).toBe(1);
    const { servedInBrowser } = await start(() => findOrFetchElectron({ packageDir, timeoutMs: 20_000, now: failedAt + 3600_000 }));
    expect(servedInBrowser).toBe(true);
    expect(runs(), 'the installer ran again an hour later').toBe(1);
    expect(logged.at(-2)).toMatch(
      /\(fetching it failed: RequestError: getaddrinfo ENOTFOUND github\.com, at 2026-11-28T09:00:00\.000Z; not tried again before 2026-11-29T09:00:00\.000Z \(delete .*\.catastro-fetch-failed\.json to try now\)\)/,
    );
    await start(() => findOrFetchElectron({ packageDir, timeoutMs: 20_000, now: failedAt + ELECTRON_FETCH_RETRY_AFTER_MS }));
    expect(runs(), 'the installer was not tried again a day later').toBe(2);
  });

  it('stops an installer that hangs after the time limit and serves the browser app, saying so', async () => {
    fakeElectronPackage(HANGS);
    const began = Date.now();
    const { launches, servedInBrowser } = await start(() => findOrFetchElectron({ packageDir, timeoutMs: 1500 }));
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(launches).toEqual([]);
    expect(servedInBrowser).toBe(true);
    expect(logged.at(-2)).toMatch(/^Electron is not available here \(fetching it took longer than 2 s and was stopped/);
  });

  it('does not fetch where ELECTRON_SKIP_BINARY_DOWNLOAD is set', async () => {
    fakeElectronPackage(WRITES_BINARY);
    vi.stubEnv('ELECTRON_SKIP_BINARY_DOWNLOAD', '1');
    const { launches, servedInBrowser } = await start(() => findOrFetchElectron({ packageDir }));
    expect(launches).toEqual([]);
    expect(servedInBrowser).toBe(true);
    expect(logged[0]).toBe(
      'Electron is not available here (its binary is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set); serving the same app in the browser instead.',
    );
  });

  it('goes straight to the browser where the package is not installed at all', async () => {
    const { servedInBrowser } = await start(() => findOrFetchElectron({ packageDir: null }));
    expect(servedInBrowser).toBe(true);
    expect(logged[0]).toMatch(/^Electron is not available here \(the electron package is not installed/);
  });
});

describe('catastro start: the desktop app gets the same data folder and basemap', () => {
  it('passes --data and --basemap to the Electron process as absolute paths', async () => {
    fakeElectronPackage(WRITES_BINARY);
    const { launches } = await start(() => findOrFetchElectron({ packageDir }), { data: 'relative-data', basemap: 'maps/spain.pmtiles' });
    expect(launches[0].args).toEqual([`--data=${path.resolve('relative-data')}`, `--basemap=${path.resolve('maps/spain.pmtiles')}`]);
  });
});
