import { lstatSync, readlinkSync, statSync, type Stats } from 'node:fs';
import { checkInputFile } from '../file-checks.js';
import { validationError } from '../model/index.js';

/** What a path that is not a regular file is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

const isSymbolicLink = (file: string) => {
  try { return lstatSync(file).isSymbolicLink(); } catch { return false; }
};

/**
 * Refuses, before anything opens it, a path an import could not read through to its end:
 * VALIDATION_ERROR naming it. Only regular files (a zip's entries are read from a regular file):
 * opening a named pipe no process writes to blocked a thread for ever, and neither Ctrl-C nor
 * SIGTERM ended `catastro import` (it had to be killed); /dev/zero or /dev/urandom never end. A
 * symbolic link is followed to what it names (a loop of links or a dangling one refused here too).
 */
export function checkImportSource(file: string): void {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw validationError(`File ${file} is a symbolic link that leads back to itself (a loop of links), not a file.`);
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && isSymbolicLink(file)) {
      throw validationError(`File ${file} is a symbolic link to ${readlinkSync(file)}, which does not exist.`);
    }
    return checkInputFile(file, 'File');
  }
  if (!stats.isFile() && !stats.isDirectory()) {
    throw validationError(`File ${file} is ${kindOf(stats)}, not a regular file: only files on disk are imported (a pipe or a device may never send data, or never end).`);
  }
  checkInputFile(file, 'File');
}
