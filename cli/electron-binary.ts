// Finding the Electron binary `catastro start` launches, and fetching it once where it is missing.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Where @electron/get downloads from unless ELECTRON_MIRROR (or npm's electron_mirror) names another host. */
const DEFAULT_ELECTRON_HOST = 'https://github.com/electron/electron/releases/download/';

/**
 * How long the first start waits for Electron's installer: about 100 MB, minutes on a slow line,
 * but a proxy that swallows the connection must not leave `catastro start` waiting forever.
 */
export const ELECTRON_FETCH_TIMEOUT_MS = 5 * 60_000;

/**
 * A failed fetch is not tried again on every start for this long: behind a proxy that swallows the
 * connection each `npm start` would otherwise wait the whole time limit before the browser app.
 */
export const ELECTRON_FETCH_RETRY_AFTER_MS = 24 * 3600_000;

/** Beside the package, so a new install (`npm ci` empties node_modules) tries afresh. */
const FAILED_FETCH_FILE = '.catastro-fetch-failed.json';

export type ElectronSearch = { binary: string; reason?: undefined } | { binary?: undefined; reason: string };

/** The installed electron package's folder, or null where there is none (a production install). */
export function electronPackageDir(): string | null {
  try {
    return path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/**
 * The binary of the electron package in `packageDir`, read the way the package's own index.js
 * does (path.txt, written by its installer, names it under dist/ or ELECTRON_OVERRIDE_DIST_PATH)
 * without requiring it: that throws when the installer has not run, which is the case to handle.
 */
export function installedElectronBinary(packageDir: string): string | undefined {
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const relative = readFileSync(pathFile, 'utf8');
  const binary = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(packageDir, 'dist'), relative);
  return existsSync(binary) ? binary : undefined;
}

function electronHost(): string {
  return process.env.ELECTRON_MIRROR || process.env.npm_config_electron_mirror || DEFAULT_ELECTRON_HOST;
}

/**
 * Runs the package's own installer (install.js: it honours ELECTRON_MIRROR, ELECTRON_GET_USE_PROXY
 * with GLOBAL_AGENT_HTTPS_PROXY, and the checksums shipped with the package), showing its output
 * and keeping its error's line as the reason. Resolves with undefined on success.
 */
function runInstaller(packageDir: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(packageDir, 'install.js')], { cwd: packageDir, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
      // Its progress and message, without the stack trace it prints on failure.
      process.stderr.write(
        chunk
          .toString()
          .split('\n')
          .filter((line) => !/^\s+at /.test(line))
          .join('\n'),
      );
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(
        `fetching it took longer than ${Math.round(timeoutMs / 1000)} s and was stopped (a proxy or firewall in the way? see ELECTRON_MIRROR, ELECTRON_GET_USE_PROXY)`,
      );
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(`its installer could not run (${error.message})`);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(undefined);
      // The error it printed: the last line that is not a stack frame (progress lines come before it).
      const message = errors
        .split(/[\r\n]+/)
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('at '))
        .at(-1);
      resolve(`fetching it failed: ${message ?? `its installer exited with ${code ?? signal}`}`);
    });
  });
}

interface FailedFetch {
  at: string;
  reason: string;
}

/** The last failed fetch, when it is recent enough that trying again now would likely fail alike. */
function recentFailedFetch(packageDir: string, now: number): FailedFetch | undefined {
  try {
    const failed = JSON.parse(readFileSync(path.join(packageDir, FAILED_FETCH_FILE), 'utf8')) as FailedFetch;
    const age = now - Date.parse(failed.at);
    return age >= 0 && age < ELECTRON_FETCH_RETRY_AFTER_MS ? failed : undefined;
  } catch {
    return undefined;
  }
}

function rememberFailedFetch(packageDir: string, failed: FailedFetch): void {
  try {
    writeFileSync(path.join(packageDir, FAILED_FETCH_FILE), JSON.stringify(failed));
  } catch {
    // A read-only node_modules: the next start tries again, as before.
  }
}

/**
 * The Electron binary to launch, fetched with Electron's own installer on first use: npm does not
 * run that installer at install (package.json allowScripts), so `npm ci` completes on a machine
 * that cannot reach the download host. Otherwise the reason there is none, in a few words.
 */
export async function findOrFetchElectron({
  packageDir = electronPackageDir(),
  timeoutMs = ELECTRON_FETCH_TIMEOUT_MS,
  now = Date.now(),
}: { packageDir?: string | null; timeoutMs?: number; now?: number } = {}): Promise<ElectronSearch> {
  if (!packageDir) return { reason: 'the electron package is not installed (a production install without the dev dependencies)' };
  const installed = installedElectronBinary(packageDir);
  if (installed) return { binary: installed };
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { reason: 'its binary is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  const failedBefore = recentFailedFetch(packageDir, now);
  if (failedBefore) {
    const retry = new Date(Date.parse(failedBefore.at) + ELECTRON_FETCH_RETRY_AFTER_MS).toISOString();
    return {
      reason: `${failedBefore.reason}, at ${failedBefore.at}; not tried again before ${retry} (delete ${path.join(packageDir, FAILED_FETCH_FILE)} to try now)`,
    };
  }
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const limit = timeoutMs >= 60_000 ? `${Math.round(timeoutMs / 60_000)} min` : `${Math.round(timeoutMs / 1000)} s`;
  console.log(`Fetching Electron ${version} for ${process.platform}-${process.arch} from ${electronHost()} (first start only; up to ${limit})…`);
  const failed = await runInstaller(packageDir, timeoutMs);
  if (failed) {
    rememberFailedFetch(packageDir, { at: new Date(now).toISOString(), reason: failed });
    return { reason: failed };
  }
  rmSync(path.join(packageDir, FAILED_FETCH_FILE), { force: true });
  const fetched = installedElectronBinary(packageDir);
  return fetched ? { binary: fetched } : { reason: 'its installer finished without installing the binary' };
}
