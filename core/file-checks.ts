import { accessSync, constants, existsSync, lstatSync, mkdirSync, readlinkSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { isServiceError, validationError } from './model/index.js';

/**
 * Files named on the command line, checked before any work starts, and Node's own file errors
 * put in plain words. Before, a typo in a path ended a command after the work (a report made,
 * then not written) with Node's message, code doubled: "ENOENT: ENOENT: no such file or
 * directory, open '/x/r.pdf'", or without the path at all: "EISDIR: illegal operation on a
 * directory, read".
 */

/** Why Node's file operations fail, in words, by the error's code. */
const REASONS: Record<string, string> = {
  ENOENT: 'does not exist',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'is not a path to a file (a part of it is a file, not a folder)',
  EACCES: 'is not accessible (permission denied)',
  EPERM: 'is not accessible (operation not permitted)',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'could not be written: the disk is full',
  ENAMETOOLONG: 'is too long a path',
};

/** An error's message for the user: Node's file errors (ENOENT…) in words, naming the file; others as they are. */
export function describeError(error: unknown, file?: string): string {
  const failed = error as NodeJS.ErrnoException;
  const reason = failed?.code && !isServiceError(error) ? REASONS[failed.code] : undefined;
  if (!reason) return (error as Error)?.message ?? String(error);
  return `${failed.path ?? file ?? 'A file'} ${reason}.`;
}

/** What a path that is neither a regular file nor a folder is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

const isSymbolicLink = (file: string) => {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
};

/**
 * An input file: it must exist, be a regular file and be readable (VALIDATION_ERROR naming it
 * otherwise), checked before anything opens it. Only regular files: opening a named pipe no process
 * writes to blocked a thread for ever (neither Ctrl-C nor SIGTERM ended `catastro import`, which had
 * to be killed), and /dev/zero or /dev/urandom never end. A symbolic link is followed to what it
 * names; a loop of links or a dangling one is said as such.
 */
export function checkInputFile(file: string, what = 'Input'): void {
  const unreadable = (error: unknown) =>
    validationError(`${what} ${file} ${REASONS[(error as NodeJS.ErrnoException).code ?? ''] ?? `cannot be read (${(error as Error).message})`}.`);
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw validationError(`${what} ${file} is a symbolic link that leads back to itself (a loop of links), not a file.`);
    if (code === 'ENOENT' && isSymbolicLink(file)) throw validationError(`${what} ${file} is a symbolic link to ${readlinkSync(file)}, which does not exist.`);
    throw unreadable(error);
  }
  if (stats.isDirectory()) throw validationError(`${what} ${file} is a folder, not a file.`);
  if (!stats.isFile()) {
    throw validationError(
      `${what} ${file} is ${kindOf(stats)}, not a regular file: only files on disk are read (a pipe or a device may never send data, or never end).`,
    );
  }
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    throw unreadable(error);
  }
}

/** An output file: not a folder, and its folder exists and takes new files (VALIDATION_ERROR naming it otherwise). */
export function checkOutputFile(file: string, what = 'Output'): void {
  const folder = path.dirname(path.resolve(file));
  let stats;
  try {
    stats = statSync(file);
  } catch {
    /* a new file: its folder is checked below */
  }
  if (stats?.isDirectory()) throw validationError(`${what} ${file} is a folder; name a file in it.`);
  try {
    if (!statSync(folder).isDirectory()) throw validationError(`${what} ${file} cannot be written: ${folder} is not a folder.`);
    accessSync(folder, constants.W_OK);
    if (stats) accessSync(file, constants.W_OK);
  } catch (error) {
    if (isServiceError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw validationError(
      code === 'ENOENT'
        ? `${what} ${file} cannot be written: the folder ${folder} does not exist.`
        : `${what} ${file} cannot be written: ${describeError(error, folder)}`,
    );
  }
}

/**
 * Makes a folder and the missing folders above it; VALIDATION_ERROR naming the cause when it
 * cannot be made (`--data` naming a file or a place the system refuses). Not
 * mkdirSync({ recursive }): under /proc it never returns (Node 20: `--data /proc/x` hung every
 * command), and its errors name no cause ("EEXIST: file already exists" for a file on the way).
 */
export function ensureFolder(folder: string, what = 'The data folder'): void {
  const missing: string[] = [];
  let at = path.resolve(folder);
  while (!existsSync(at)) {
    missing.unshift(at);
    const up = path.dirname(at);
    if (up === at) break;
    at = up;
  }
  if (existsSync(at) && !statSync(at).isDirectory()) {
    throw validationError(`${what} ${folder} cannot be used: ${at} is a file, not a folder.`);
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? `${dir} cannot be created there.` : describeError(error, dir);
      throw validationError(`${what} ${folder} cannot be made: ${reason}`);
    }
  }
}
