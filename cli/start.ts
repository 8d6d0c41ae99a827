import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROOT, appFile } from '../core/app-files.js';
import { desktopArguments, type DesktopPaths } from '../core/desktop/desktop-arguments.js';
import { findOrFetchElectron, type ElectronSearch } from './electron-binary.js';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: APP_ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

/** Builds what Electron loads where it is missing or stale, then runs it; its exit code becomes ours. */
function launchElectron(binary: string, args: string[]): void {
  // bin/catastro.js runs the sources (not dist/app) exactly when dist/app is missing or older than them.
  const runningSources = !fileURLToPath(import.meta.url).startsWith(path.join(APP_ROOT, 'dist') + path.sep);
  if (runningSources) run('npm', ['run', 'build:app']);
  if (!existsSync(path.join(appFile('renderer'), 'index.html'))) run('npm', ['run', 'build:renderer']);
  const child = spawn(binary, [appFile('electronMain'), ...args], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}

/** Builds the renderer for the browser where it is missing; false when that fails (the API is served alone). */
function prepareBrowserApp(): boolean {
  if (existsSync(path.join(appFile('renderer'), 'index.html'))) return true;
  try {
    run('npm', ['run', 'build:renderer']);
    return true;
  } catch (error) {
    console.error(`The map app could not be built (${(error as Error).message}); serving the HTTP API only.`);
    return false;
  }
}

/** The steps of `catastro start` that touch the machine (tests replace them). */
export interface DesktopSteps {
  findElectron: () => Promise<ElectronSearch>;
  launch: (binary: string, args: string[]) => void;
  prepareBrowserApp: () => boolean;
}

const machineSteps: DesktopSteps = { findElectron: () => findOrFetchElectron(), launch: launchElectron, prepareBrowserApp };

/**
 * `catastro start`: the desktop app where Electron exists or can be fetched, on the same data
 * folder and basemap; otherwise the same renderer served by the local API in a browser, saying why.
 */
export async function startApp(options: DesktopPaths, serveInBrowser: () => Promise<string>, steps: DesktopSteps = machineSteps): Promise<void> {
  const electron = await steps.findElectron();
  if (electron.binary) {
    steps.launch(electron.binary, desktopArguments(options));
    return;
  }
  console.log(`Electron is not available here (${electron.reason}); serving the same app in the browser instead.`);
  const app = steps.prepareBrowserApp();
  const address = await serveInBrowser();
  console.log(app ? `Open ${address} in a browser.` : 'The HTTP API answers at the address above (see README).');
}
