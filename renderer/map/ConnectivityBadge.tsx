import { useAppStore } from '../state/store.js';

const TEXT = {
  checking: 'Checking connection…',
  online: 'Online: basemap and Catastro WMS',
  offline: 'Offline: local copy and bundled outlines',
} as const;

export function ConnectivityBadge() {
  const connectivity = useAppStore((s) => s.connectivity);
  return (
    <span className={`badge badge-${connectivity}`} data-testid="connectivity" data-state={connectivity} title={TEXT[connectivity]} role="status">
      <span className="dot" aria-hidden="true" />
      {connectivity === 'checking' ? 'Checking…' : connectivity === 'online' ? 'Online' : 'Offline'}
    </span>
  );
}
