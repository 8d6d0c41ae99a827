// Launches the real desktop app where an Electron binary is installed; elsewhere it says why it
// skipped. Needs `npm run build` first (the compiled main process and the renderer).
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../../..');
const mainScript = path.join(root, 'dist/app/electron/main.js');

/** The Electron executable path, or the reason there is none. */
function electronBinary(): { path: string } | { reason: string } {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown as string;
    return existsSync(binary) ? { path: binary } : { reason: `the electron package points at ${binary}, which does not exist` };
  } catch (error) {
    return { reason: `no Electron binary installed (node_modules/electron/dist is absent: ${(error as Error).message.split('\n')[0]})` };
  }
}

test('the desktop app opens a locked-down window and selects a parcel by reference over IPC', async () => {
  const binary = electronBinary();
  if ('reason' in binary) {
    // The list reporter hides skip annotations; say it on the console as well.
    console.log(`Electron launch test skipped: ${binary.reason}`);
    test.skip(true, `Electron launch test skipped: ${binary.reason}`);
  }
  test.skip(!existsSync(mainScript), `Electron launch test skipped: ${mainScript} is missing; run npm run build`);
  // In the test's own output folder, which Playwright empties at the start of each run (not left in /tmp).
  const userData = test.info().outputPath('user-data');
  const app = await electron.launch({
    executablePath: (binary as { path: string }).path,
    args: [mainScript, `--user-data-dir=${userData}`, '--no-sandbox', '--disable-gpu'],
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByTestId('map')).toBeVisible({ timeout: 60_000 });
    expect(await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    expect(await window.evaluate(() => typeof (window as unknown as { catastro?: unknown }).catastro)).toBe('object');
    await window.getByTestId('search-input').fill('40146A00405051');
    await window.getByTestId('search-input').press('Enter');
    await expect(window.getByTestId('parcel-ref')).toHaveText('40146A00405051');
    await window.screenshot({ path: path.join(root, 'test-results/e2e-screenshots/electron-window.png') });
  } finally {
    await app.close();
  }
});
