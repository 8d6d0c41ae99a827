import path from 'node:path';
import type { NodeLogger } from 'electron-log';

/**
 * The desktop app's log, through electron-log: one file in the user's log folder (Electron's
 * app.getPath('logs'), opened by Help → Open logs folder), rotated at 1 MiB into main.old.log, so
 * it never grows past 2 MiB; main-process errors and rejections caught into it; renderer errors
 * written by electron/app-log.ts. The same settings apply to electron-log's Node logger in tests.
 */
export const LOG_FILE_NAME = 'main.log';
export const LOG_MAX_BYTES = 1024 * 1024;

export function configureAppLog(log: NodeLogger, logsDir: string): string {
  const file = path.join(logsDir, LOG_FILE_NAME);
  log.transports.file.resolvePathFn = () => file;
  log.transports.file.maxSize = LOG_MAX_BYTES;
  log.transports.file.level = 'info';
  // Unhandled errors go to the log, not to a dialog of electron-log's own (the app shows its own messages).
  log.errorHandler.startCatching({ showDialog: false });
  return file;
}
