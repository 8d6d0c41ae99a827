import { closeOpenSqliteFiles } from '../core/store/db.js';

/**
 * The exit codes shells give a process a signal ended: 128 + the signal's number (Ctrl-C 130,
 * SIGTERM 143), so scripts tell an interrupted command from one that failed.
 */
const EXIT_CODE_OF_SIGNAL = { SIGINT: 130, SIGTERM: 143 } as const;
export type StopSignal = keyof typeof EXIT_CODE_OF_SIGNAL;

export interface Interruption {
  /** Aborted at the first Ctrl-C or SIGTERM: the command's work stops at its next step. */
  signal: AbortSignal;
  /** The signal received, if any. */
  received(): StopSignal | undefined;
  /** The exit code for the signal received (undefined when none came). */
  exitCode(): number | undefined;
  /** Stops listening (the command ended). */
  dispose(): void;
}

/**
 * Ctrl-C (SIGINT) and SIGTERM for the long-running CLI commands (import, download, batch): the
 * first aborts `signal`, so the command stops cleanly (an import's transaction rolled back and the
 * copy closed, leaving no WAL or lock behind) and says so; a second one (or SIGTERM after Ctrl-C)
 * ends the process at once, its SQLite files closed first so that it too leaves no -wal or -shm.
 * Node's default ended the process silently mid-write, and only Ctrl-C was handled where any was.
 */
export function interruptOnSignals(onFirst?: (received: StopSignal) => void): Interruption {
  const abort = new AbortController();
  let received: StopSignal | undefined;
  const handlers = (Object.keys(EXIT_CODE_OF_SIGNAL) as StopSignal[]).map((name) => {
    const handler = () => {
      if (received) {
        process.stderr.write(`\nStopped at once (${name} while stopping): what was not yet committed is dropped, the copy keeps its last committed state.\n`);
        // Closing rolls the transaction back now; not closed, the copy was safe too (SQLite drops an
        // uncommitted transaction at the next open) but its -wal and -shm stayed beside it.
        closeOpenSqliteFiles();
        process.exit(EXIT_CODE_OF_SIGNAL[name]);
      }
      received = name;
      onFirst?.(name);
      abort.abort(new Error(`interrupted (${name})`));
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: abort.signal,
    received: () => received,
    exitCode: () => received && EXIT_CODE_OF_SIGNAL[received],
    dispose: () => {
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}

/**
 * Said once when another process holds the copy's write lock: `import` and `download` wait for it
 * (and Ctrl-C stops the wait) instead of failing after 5 s without a word.
 */
export const tellWaitingForWriter = (): void => {
  process.stderr.write('Another process is writing to the local copy (an import or a download?): waiting for it to end. Ctrl-C stops waiting.\n');
};
