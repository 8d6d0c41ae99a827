// A server process for the bench scripts: started with node and the given arguments, ready once it
// prints "Listening on <url>" (what `catastro serve` and the bench's bare fastify route print).
import { spawn, type SpawnOptions } from 'node:child_process';

export interface BenchServer {
  url: string;
  /** The process id (with one server process, the one that answers: its CPU time is in /proc). */
  pid: number;
  /** Stops the process (SIGTERM); resolves once it has exited. */
  stop: () => Promise<void>;
}

export function startListening(args: string[], options: SpawnOptions = {}): Promise<BenchServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        resolve({
          url: match[1],
          pid: child.pid!,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) done();
              else {
                child.once('exit', () => done());
                child.kill('SIGTERM');
              }
            }),
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}
