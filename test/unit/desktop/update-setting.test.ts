// The setting that turns automatic update checks off: on by default, kept across starts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPDATE_SETTING_FILE, UpdateSetting } from '../../../core/desktop/update-setting.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('automatic update checks', () => {
  it('are on until turned off, and stay as the user left them', () => {
    const folder = path.join(tempDir('catastro-update-setting-'), 'José María');
    expect(new UpdateSetting(folder).automaticChecks()).toBe(true);
    new UpdateSetting(folder).setAutomaticChecks(false);
    expect(new UpdateSetting(folder).automaticChecks()).toBe(false);
    new UpdateSetting(folder).setAutomaticChecks(true);
    expect(new UpdateSetting(folder).automaticChecks()).toBe(true);
  });

  it('fall back to on when the file cannot be read', () => {
    const folder = tempDir('catastro-update-setting-');
    writeFileSync(path.join(folder, UPDATE_SETTING_FILE), '{ not json');
    expect(new UpdateSetting(folder).automaticChecks()).toBe(true);
  });
});
