import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureFolder } from '../file-checks.js';

/** A small JSON settings file's object, or undefined when it was never saved or cannot be read. */
export function readSettingFile(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside and renamed over, so a crash mid-write never leaves half a file. */
export function writeSettingFile(file: string, value: Record<string, unknown>): void {
  ensureFolder(path.dirname(file));
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}
