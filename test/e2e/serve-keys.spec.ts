import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from '../helpers/paths.js';

/**
 * `catastro serve` with keys on (its default), opened in a browser without a key: every parcel tile
 * answers 401. The page says a key is needed and where it goes, instead of an empty map.
 */
let server: ChildProcess | undefined;
let dataDir: string;
let url: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-serve-keys-'));
  server = spawn(process.execPath, ['bin/catastro.js', 'serve', '--host', '127.0.0.1', '--port', '0', '--data', dataDir, '--auth', 'keys'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`catastro serve did not start:\n${output}`)), 100_000);
    server!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server!.once('exit', (code) => reject(new Error(`catastro serve exited with ${code}:\n${output}`)));
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('without a key the map page says a key is needed and where to enter it', async ({ page }) => {
  await page.goto(url);
  await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
  // Where the bundled sample lies: its tiles are asked, and refused without a key.
  await page.evaluate(() => window.__catastroMap!.jumpTo({ center: [-4.4703, 41.06], zoom: 16 }));
  const banner = page.getByRole('alert').filter({ hasText: 'This server needs an API key' });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText('Settings → Advanced → API key');
  await expect(banner).toContainText('#apiKey=');
});
