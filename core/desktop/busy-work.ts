/**
 * What the desktop app is doing that an update must not cut short: imports and downloads into the
 * copy. The IPC handlers run that work through `track`; the updater asks `running()` before it
 * installs (an installer quits the app).
 */
export type BusyKind = 'import' | 'download';

export class BusyWork {
  private readonly counts = new Map<BusyKind, number>();

  async track<T>(kind: BusyKind, work: () => Promise<T>): Promise<T> {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    try {
      return await work();
    } finally {
      this.counts.set(kind, (this.counts.get(kind) ?? 1) - 1);
    }
  }

  /** The kinds of work running now, e.g. ['import']; empty when the app is idle. */
  running(): BusyKind[] {
    return [...this.counts].filter(([, count]) => count > 0).map(([kind]) => kind);
  }
}
