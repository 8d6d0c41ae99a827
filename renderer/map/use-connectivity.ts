import { useEffect } from 'react';
import { useAppStore } from '../state/store.js';
import { probeBasemap } from './connectivity.js';

const RECHECK_OFFLINE_MS = 30_000;
const RECHECK_ONLINE_MS = 300_000;

/** Keeps `connectivity` current by probing the basemap; re-probes sooner while offline and on the browser's online event. */
export function useConnectivity(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const check = async () => {
      clearTimeout(timer);
      const online = await probeBasemap();
      if (stopped) return;
      useAppStore.getState().setConnectivity(online ? 'online' : 'offline');
      timer = setTimeout(check, online ? RECHECK_ONLINE_MS : RECHECK_OFFLINE_MS);
    };
    const onOnline = () => void check();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOnline);
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOnline);
    };
  }, []);
}
