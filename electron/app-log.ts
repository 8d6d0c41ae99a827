// The desktop app's log (settings in core/desktop/app-log.ts): the main process through
// electron-log, the renderer's errors read from its console and crash events, so a sandboxed
// renderer needs no logging preload of its own.
import { app, type WebContents } from 'electron';
import log from 'electron-log/main';
import { configureAppLog } from '../core/desktop/app-log.js';

export { log };

/** Starts logging to the user's log folder; returns the log file. */
export function startAppLog(): string {
  return configureAppLog(log, app.getPath('logs'));
}

export function logRendererErrors(contents: WebContents): void {
  contents.on('console-message', (event) => {
    if (event.level === 'error') log.error(`[renderer] ${event.message} (${event.sourceId}:${event.lineNumber})`);
  });
  contents.on('render-process-gone', (_event, details) => log.error(`[renderer] gone: ${details.reason} (exit code ${details.exitCode})`));
  contents.on('preload-error', (_event, preload, error) => log.error(`[renderer] preload ${preload}: ${error.stack ?? error.message}`));
}
