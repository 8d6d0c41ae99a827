import { useState } from 'react';

/**
 * A setting the main process changes: `change(next)` sends it, keeps the view it answers, and holds
 * the main process's message (said beside the field) when it refuses; `busy` while it works.
 */
export function useSettingChange<V, T>(send: ((next: T) => Promise<V>) | undefined, onChanged: (view: V) => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const change = async (next: T) => {
    if (!send) return;
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await send(next));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, change };
}
