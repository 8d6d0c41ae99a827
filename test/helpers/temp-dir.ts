import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

// Folders made by tempDir, removed together once the test file has run. The hook is registered when
// this module is first imported, i.e. while vitest collects the importing test file (each file gets
// its own module registry: vitest's default isolation), so tempDir may be called anywhere — at the
// top of a file, in a describe, a hook or a test — and nothing is left in the system's temp folder.
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under the system's temp folder, removed after the test file. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
