// How `catastro start` tells the Electron main process which data folder and basemap to use, and
// how the main process reads them back: one module, so the two sides cannot drift apart.
import path from 'node:path';
import { checkInputFile } from '../file-checks.js';

/** `catastro start --data DIR --basemap FILE`, as the command line parsed them. */
export interface DesktopPaths {
  data: string;
  basemap?: string;
}

const DATA = '--data=';
const BASEMAP = '--basemap=';

/**
 * `--basemap FILE` (start, serve and the desktop app): a PMTiles file that exists and can be read,
 * as an absolute path. Before, a typo was accepted and every tile request then failed.
 */
export function basemapFile(file: string): string {
  checkInputFile(file, 'Basemap');
  return path.resolve(file);
}

/** The Electron process's arguments (after its main script), absolute: it may resolve them from elsewhere. */
export function desktopArguments({ data, basemap }: DesktopPaths): string[] {
  return [`${DATA}${path.resolve(data)}`, ...(basemap ? [`${BASEMAP}${path.resolve(basemap)}`] : [])];
}

/**
 * The data folder and basemap the desktop app opens: those `catastro start` passed, else the
 * platform's user-data folder and no basemap (the packaged app started from its icon). The
 * basemap is checked as the command line checks it (VALIDATION_ERROR naming the file).
 */
export function desktopPathsFromArguments(argv: readonly string[], userDataDir: string): { dataDir: string; basemapFile?: string } {
  const value = (prefix: string) => argv.findLast((arg) => arg.startsWith(prefix))?.slice(prefix.length) || undefined;
  const data = value(DATA);
  const basemap = value(BASEMAP);
  return { dataDir: data ? path.resolve(data) : userDataDir, ...(basemap ? { basemapFile: basemapFile(basemap) } : {}) };
}
