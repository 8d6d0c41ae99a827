// The app's log settings on electron-log's own file transport (its Node logger: same transport as
// the main process's): errors land in the log folder and the file is rotated, not grown for ever.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import log from 'electron-log/node';
import { afterAll, describe, expect, it } from 'vitest';
import { configureAppLog, LOG_MAX_BYTES } from '../../../core/desktop/app-log.js';
import { tempDir } from '../../helpers/temp-dir.js';

afterAll(() => log.errorHandler.stopCatching());

describe('the app log', () => {
  it('writes errors to main.log in the log folder and rotates it past 1 MiB', () => {
    const logsDir = path.join(tempDir('catastro-logs-'), 'José María', 'logs');
    const file = configureAppLog(log, logsDir);
    log.transports.console.level = false;
    expect(file).toBe(path.join(logsDir, 'main.log'));

    log.error('import failed: the zip ends before its compressed data does');
    expect(readFileSync(file, 'utf8')).toMatch(/\[error\] import failed: the zip ends before its compressed data does/);

    const line = 'x'.repeat(1023);
    for (let i = 0; i < 1100; i += 1) log.info(line);
    expect(existsSync(path.join(logsDir, 'main.old.log'))).toBe(true);
    expect(statSync(file).size).toBeLessThan(LOG_MAX_BYTES);
    expect(statSync(path.join(logsDir, 'main.old.log')).size).toBeLessThanOrEqual(LOG_MAX_BYTES + 2048);
  });
});
