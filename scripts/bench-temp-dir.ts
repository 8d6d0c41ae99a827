import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The folder a bench works in: `given` (a BENCH_DIR or --data the caller keeps, e.g. a 10 M copy
 * to measure again), made if missing, else a new folder under the system's temp folder that is removed when
 * the process exits, however it exits (a bench's copies are hundreds of MB to GB).
 */
export function benchDir(prefix: string, given?: string): string {
  if (given) {
    mkdirSync(given, { recursive: true }); // BENCH_DIR=/tmp/new-folder failed with ENOENT on its first file
    return given;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
