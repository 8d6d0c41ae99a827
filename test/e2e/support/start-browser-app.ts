import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from '../../helpers/paths.js';

export interface StartedBrowserApp {
  /** The address `catastro start` prints for the browser, with its `#session=` token. */
  address: string;
  stop(): Promise<void>;
}

/**
 * The real `catastro start` where Electron is absent: it serves the app to a browser and prints
 * the address to open. `env` points its sources at fakes; the session token is its own.
 */
export async function startBrowserApp(dataDir: string, env: Record<string, string> = {}): Promise<StartedBrowserApp> {
  const start: ChildProcess = spawn(process.execPath, ['bin/catastro.js', 'start', '--port', '0', '--data', dataDir], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CATASTRO_APP_SESSION: '', ...env },
  });
  const address = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`catastro start printed no address:\n${output}`)), 110_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open (http:\/\/\S+) in a browser/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    start.stdout!.on('data', read);
    start.stderr!.on('data', read);
    start.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`catastro start exited with ${code}:\n${output}`));
    });
  });
  return {
    address,
    async stop() {
      if (start.exitCode !== null) return;
      const ended = new Promise((resolve) => start.once('exit', resolve));
      start.kill('SIGTERM');
      await ended;
    },
  };
}
