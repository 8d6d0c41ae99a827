import path from 'node:path';
import { readSettingFile, writeSettingFile } from './setting-file.js';

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
    // Never saved, or unreadable: the default (on).
    return readSettingFile(this.file)?.automaticChecks !== false;
  }

  setAutomaticChecks(on: boolean): void {
    writeSettingFile(this.file, { automaticChecks: on });
  }
}
