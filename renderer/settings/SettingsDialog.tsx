import { useState } from 'react';
import { useClient } from '../app/client-context.js';
import { toUiError } from '../errors/advice.js';
import { useAppStore } from '../state/store.js';

const KEY_STORAGE = 'catastro.apiKey';

/** Browser: the API key the HTTP client sends. Electron: start/stop the local HTTP API for other tools. */
export function SettingsDialog() {
  const client = useClient();
  const open = useAppStore((s) => s.settingsOpen);
  const setOpen = useAppStore((s) => s.setSettingsOpen);
  const showError = useAppStore((s) => s.showError);
  const [apiKey, setApiKey] = useState(() => localStorage.getItem(KEY_STORAGE) ?? '');
  const [apiUrl, setApiUrl] = useState<string | null>(null);
  const [localKey, setLocalKey] = useState<string | null>(null);
  const [port, setPort] = useState('8787');
  if (!open) return null;

  const toggleApi = async () => {
    try {
      const result = await client.desktop!.setLocalApi(apiUrl === null, Number(port));
      setApiUrl(result.url);
      setLocalKey(result.apiKey ?? null);
    } catch (error) {
      showError(toUiError('The local HTTP API could not be started', error));
    }
  };

  return (
    <div className="dialog-backdrop" onClick={() => setOpen(false)}>
      <div className="dialog" role="dialog" aria-label="Settings" onClick={(e) => e.stopPropagation()}>
        <h2>Settings</h2>
        {client.kind === 'http' && (
          <label>
            API key (sent as X-API-Key; needed when the server runs with <code>--auth keys</code>)
            <input value={apiKey} onChange={(e) => setApiKey(e.target.value)} placeholder="ck_…" />
            <button type="button" onClick={() => { localStorage.setItem(KEY_STORAGE, apiKey.trim()); setOpen(false); }}>Save</button>
          </label>
        )}
        {client.desktop && (
          <div>
            <h3>Local HTTP API</h3>
            <p>Serves this app's data on 127.0.0.1 for scripts and other GIS tools. Every call needs an <code>X-API-Key</code> header.</p>
            <p>Starting it creates a key for this session (copy it now: only its hash is kept). More keys: <code>npx catastro keys create --data &lt;the app's data folder&gt;</code></p>
            <label>Port <input value={port} onChange={(e) => setPort(e.target.value.replace(/\D/g, '').slice(0, 5))} disabled={apiUrl !== null} /></label>
            <button type="button" onClick={() => void toggleApi()}>{apiUrl ? 'Stop' : 'Start'} local API</button>
            {apiUrl && <p>Listening on <code>{apiUrl}</code></p>}
            {apiUrl && localKey && <p>X-API-Key: <code data-testid="local-api-key">{localKey}</code></p>}
          </div>
        )}
        <button type="button" className="close" onClick={() => setOpen(false)} aria-label="Close settings">×</button>
      </div>
    </div>
  );
}
