import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll } from 'vitest';
import { repoRoot } from './paths.js';

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
}

// Servers a test file started and did not stop (it failed first): stopped after the file, not left behind.
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

/** Spawns `catastro serve <args>` (bin/catastro.js) and waits for its "Listening on" line (90 s at most). */
export function spawnServe(args: string[], env: NodeJS.ProcessEnv = process.env): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), 'serve', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env });
  started.push(child);
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { child, output: () => text };
}

export async function startServe(args: string[], env?: NodeJS.ProcessEnv): Promise<ServeProcess> {
  const { child, output } = spawnServe(args, env);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`catastro serve did not start in 90 s:\n${output()}`)), 90_000);
    const check = () => {
      const match = /Listening on (http:\/\/\S+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`catastro serve exited with ${code}:\n${output()}`));
    });
  });
  return { child, url, output };
}
