import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { refusalData, validationError, type ServiceError } from '../model/index.js';
import { isProcessAlive, processStartOf } from '../process-alive.js';

/** Names the process whose download or update run is writing `<data>/downloads`. */
const OWNER_FILE = 'download-owner.json';

export const DOWNLOAD_RUNNING_ELSEWHERE =
  'A download is running in another window or on the command line on this data folder; wait for it to finish or cancel it there, then try again.';

/** The refusal while another process holds the folder (VALIDATION_ERROR); its reason lets the app say it in the user's language. */
export const downloadRunningElsewhere = (): ServiceError => validationError(DOWNLOAD_RUNNING_ELSEWHERE, refusalData('DOWNLOAD_RUNNING_ELSEWHERE'));

interface Owner {
  pid: number;
  /** Tells this process's own claims from a leftover of a dead process that had the same pid. */
  token: string;
  /** processStartOf(pid) when written, so that a program given the pid after the owner died is not taken for it; absent in files of older versions and on systems without it. */
  started?: string;
  since: string;
}

/** Tokens of the claims this process holds now. */
const heldHere = new Set<string>();

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Owner;
    if (!Number.isInteger(owner.pid) || typeof owner.token !== 'string') return undefined;
    return typeof owner.started === 'string' ? owner : { ...owner, started: undefined };
  } catch {
    return undefined;
  }
}

const isLive = (owner: Owner) => (owner.pid === process.pid ? heldHere.has(owner.token) : isProcessAlive(owner.pid, owner.started));

/** Whether a live process (this one or another: the app, `catastro start`, `catastro download`) runs a download into `dir`. */
export function downloadRunningIn(dir: string): boolean {
  const owner = readOwner(path.join(dir, OWNER_FILE));
  return owner !== undefined && isLive(owner);
}

export interface DownloadsClaim {
  release(): void;
}

/**
 * Claims the downloads folder for one run of this process: its files are this run's to write and
 * no other process deletes or writes them meanwhile. Refused (VALIDATION_ERROR, saying why) while
 * a live process holds it; the claim of a process that died (killed, crashed, the app closed
 * mid-run) is taken over at once.
 *
 * Why the owner is a pid file and not proper-lockfile's lock itself: proper-lockfile judges a
 * holder dead when it stops refreshing its lock's mtime, so a crashed app would block Resume and
 * Discard for that long, and a live run whose timers are held up (a long SQLite commit) would be
 * judged dead and its `.part` deleted: the failure this claim exists to prevent. A pid (with the
 * process's start, where the system tells it: a pid reused by another program is not the owner)
 * answers at once and whatever the holder is doing. proper-lockfile guards only the instant of reading and
 * writing the owner file, so two processes starting together cannot both take a dead one's claim.
 */
export async function claimDownloads(dir: string): Promise<DownloadsClaim> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, OWNER_FILE);
  const unlock = await lockfile.lock(file, { realpath: false, retries: { retries: 40, minTimeout: 20, maxTimeout: 250 } }).catch((error: unknown) => {
    // Held for milliseconds by a live claimer; still held after seconds, by one that died mid-claim (stale after 10 s).
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw downloadRunningElsewhere();
    throw error;
  });
  try {
    const owner = readOwner(file);
    if (owner && isLive(owner)) throw downloadRunningElsewhere();
    const token = randomUUID();
    writeFileSync(file, JSON.stringify({ pid: process.pid, token, started: processStartOf(process.pid), since: new Date().toISOString() } satisfies Owner));
    heldHere.add(token);
    return {
      release() {
        heldHere.delete(token);
        // Only this claim's file: no live process takes a live claim over, so it is still ours.
        if (readOwner(file)?.token === token) rmSync(file, { force: true });
      },
    };
  } finally {
    await unlock();
  }
}
