import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROOT, appFile } from './app-files.js';

const require = createRequire(import.meta.url);

/** Path of the Electron binary, or the reason there is none. */
export function findElectronBinary(): { binary?: string; reason?: string } {
  try {
    const binary = require('electron') as unknown;
    if (typeof binary === 'string' && existsSync(binary)) return { binary };
    return { reason: 'the electron package is installed but its binary is not' };
  } catch (error) {
    return { reason: `no Electron package: ${(error as Error).message.split('\n')[0]}` };
  }
}

/**
 * npm does not run Electron's download at install (package.json allowScripts: a machine that
 * cannot reach the Electron download host must still install). The first start fetches it with
 * Electron's own installer instead; where that fails the app runs in the browser.
 */
function fetchElectronBinary(): boolean {
  let installer: string;
  try {
    installer = path.join(path.dirname(require.resolve('electron/package.json')), 'install.js');
  } catch {
    return false;
  }
  console.log('Fetching the Electron binary (not fetched at install)…');
  const result = spawnSync(process.execPath, [installer], { stdio: 'inherit', timeout: 15 * 60_000 });
  return result.status === 0;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: APP_ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

/**
 * `catastro start`: the desktop app where Electron exists; otherwise the same renderer served
 * by the local API in a browser, saying why.
 */
export async function startApp(options: { data: string }, serveInBrowser: () => Promise<string>): Promise<void> {
  let electron = findElectronBinary();
  if (!electron.binary && electron.reason?.startsWith('the electron package is installed')) {
    electron = fetchElectronBinary() ? findElectronBinary() : { reason: 'the electron package is installed but its binary could not be fetched' };
  }
  if (electron.binary) {
    // bin/catastro.js runs the sources (not dist/app) exactly when dist/app is missing or older than them.
    const runningSources = !fileURLToPath(import.meta.url).startsWith(path.join(APP_ROOT, 'dist') + path.sep);
    if (runningSources) run('npm', ['run', 'build:app']);
    if (!existsSync(path.join(appFile('renderer'), 'index.html'))) run('npm', ['run', 'build:renderer']);
    const child = spawn(electron.binary, [appFile('electronMain'), `--data=${options.data}`], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  console.log(`Electron is not available here (${electron.reason}); serving the same app in the browser instead.`);
  let app = true;
  if (!existsSync(path.join(appFile('renderer'), 'index.html'))) {
    try {
      run('npm', ['run', 'build:renderer']);
    } catch (error) {
      app = false;
      console.error(`The map app could not be built (${(error as Error).message}); serving the HTTP API only.`);
    }
  }
  const address = await serveInBrowser();
  console.log(app ? `Open ${address} in a browser.` : 'The HTTP API answers at the address above (see README).');
}
