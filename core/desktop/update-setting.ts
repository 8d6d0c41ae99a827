import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureFolder } from '../file-checks.js';

/** Beside the app's other settings, in the user's data folder. */
export const UPDATE_SETTING_FILE = 'updates.json';

/**
 * Whether the app looks for a new version by itself (at start, then daily). On unless the user
 * turned it off (Help → Check for updates automatically); Help → Check for updates works either way.
 */
export class UpdateSetting {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, UPDATE_SETTING_FILE);
  }

  automaticChecks(): boolean {
    try {
      return (JSON.parse(readFileSync(this.file, 'utf8')) as { automaticChecks?: unknown }).automaticChecks !== false;
    } catch {
      return true; // never saved, or unreadable: the default
    }
  }

  setAutomaticChecks(on: boolean): void {
    ensureFolder(path.dirname(this.file));
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ automaticChecks: on }, null, 2)}\n`);
    renameSync(temporary, this.file);
  }
}
