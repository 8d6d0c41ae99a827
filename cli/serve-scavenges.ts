import { setFlagsFromString } from 'node:v8';

/**
 * A server process collects its young generation on its own thread (V8's
 * `--no-parallel-scavenge`). A serving process's scavenges find little alive (45 KB of 14 MB
 * under cold lookups), so helper threads add nothing but a wait: the pause lasts until every
 * helper V8 started has run, and on a machine whose cores are busy (two workers and their
 * clients on two cores) a helper waits for a core. Measured under cold lookups at load 12
 * (docs/performance.md "Serving tail", 2026-11-30): scavenges of 0.84 ms on average, max 7 ms,
 * against 2.05 ms, max 33 ms, with the helpers. Set before the server allocates: the flag is
 * read at each scavenge.
 */
export function scavengeOnServingThread(): void {
  setFlagsFromString('--no-parallel-scavenge');
}
