import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Path of the Electron binary, or the reason there is none (its installer downloads it, which may be impossible). */
export function findElectronBinary(): { binary?: string; reason?: string } {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown;
    if (typeof binary === 'string' && existsSync(binary)) return { binary };
    return { reason: 'the electron package is installed but its binary is missing (installed with ELECTRON_SKIP_BINARY_DOWNLOAD?)' };
  } catch (error) {
    return { reason: `no Electron binary: ${(error as Error).message.split('\n')[0]}` };
  }
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

/**
 * `catastro start`: the desktop app where Electron exists; otherwise the same renderer served
 * by the local API in a browser, saying why.
 */
export async function startApp(options: { data: string }, serveInBrowser: () => Promise<unknown>): Promise<void> {
  const { binary, reason } = findElectronBinary();
  if (binary) {
    if (!existsSync(path.join(repoRoot, 'dist/electron/electron/main.js'))) run('npm', ['run', 'build']);
    const child = spawn(binary, [path.join(repoRoot, 'dist/electron/electron/main.js'), `--data=${options.data}`], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  console.log(`Electron is not available here (${reason}); serving the same app in the browser instead.`);
  let app = true;
  if (!existsSync(path.join(repoRoot, 'dist/renderer/index.html'))) {
    try {
      run('npm', ['run', 'build:renderer']);
    } catch (error) {
      app = false;
      console.error(`The map app could not be built (${(error as Error).message}); serving the HTTP API only.`);
    }
  }
  await serveInBrowser();
  console.log(app ? 'Open the address above in a browser.' : 'The HTTP API answers at the address above (see README).');
}
