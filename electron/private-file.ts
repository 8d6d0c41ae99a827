import { chmodSync, renameSync, writeFileSync } from 'node:fs';

/** Writes `data` whole then renames it over `file`, so a crash never leaves half a file; only the user may read it. */
export function writePrivateFile(file: string, data: string | Buffer): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, data, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}
