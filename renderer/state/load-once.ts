import { useSyncExternalStore } from 'react';

/**
 * Code or data fetched once, after the first view or when first needed, and read synchronously
 * once there: `load()` starts it (again a no-op), `loaded()` is the value or null, `use()`
 * re-renders its component when it arrives (and starts it, unless `use(false)`). What the first view does not need
 * stays off the load path (docs/performance.md "Renderer").
 */
export interface LoadedOnce<T> {
  load(): Promise<T>;
  loaded(): T | null;
  use(start?: boolean): T | null;
}

export function loadOnce<T>(fetchIt: () => Promise<T>): LoadedOnce<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const load = () =>
    (loading ??= fetchIt().then(
      (result) => {
        value = result;
        for (const listener of listeners) listener();
        return result;
      },
      (error: unknown) => {
        loading = null; // a failed fetch (a chunk the server dropped) is tried again when next needed
        throw error;
      },
    ));
  const loaded = () => value;
  const subscribe = (changed: () => void) => {
    listeners.add(changed);
    return () => listeners.delete(changed);
  };
  const subscribeAndLoad = (changed: () => void) => {
    load().catch(() => undefined);
    return subscribe(changed);
  };
  return { load, loaded, use: (start = true) => useSyncExternalStore(start ? subscribeAndLoad : subscribe, loaded) };
}
