import { useState } from 'react';
import { APP_VERSION } from '../ui/app-version.js';
import { useClient } from '../ui/client-context.js';
import { ModalDialog } from '../ui/ModalDialog.js';
import { toUiError } from '../errors/advice.js';
import { Trans, useTranslation } from '../i18n/i18n.js';
import { LanguageSetting } from './LanguageSetting.js';
import { TeamStoreSetting } from './TeamStoreSetting.js';
import { DatafordelerKeySetting } from './DatafordelerKeySetting.js';
import { useAppStore } from '../state/store.js';

const KEY_STORAGE = 'catastro.apiKey';

/** Browser: the API key the HTTP client sends. Electron: start/stop the local HTTP API for other tools. Both: the store (TeamStoreSetting). */
export function SettingsDialog() {
  const { t } = useTranslation('settings');
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
      showError(toUiError(t('localApiFailed'), error));
    }
  };

  return (
    <ModalDialog title={t('title')} onClose={() => setOpen(false)} closeOnBackdropClick>
      <LanguageSetting />
      {client.kind === 'http' && (
        <label>
          <span>
            <Trans t={t} i18nKey="apiKey" components={{ code: <code /> }} />
          </span>
          <input value={apiKey} onChange={(e) => setApiKey(e.target.value)} placeholder="ck_…" />
          <button
            type="button"
            onClick={() => {
              localStorage.setItem(KEY_STORAGE, apiKey.trim());
              setOpen(false);
            }}
          >
            {t('save')}
          </button>
        </label>
      )}
      {/* Developer and team-admin options (the local HTTP API, the team store's --store URL), folded away from desktop users. */}
      <details className="settings-advanced" data-testid="settings-advanced">
        <summary>{t('advanced')}</summary>
        {client.desktop && (
          <div>
            <h3>{t('localApi')}</h3>
            <p>
              <Trans t={t} i18nKey="localApiHelp" components={{ code: <code /> }} />
            </p>
            <p>
              <Trans t={t} i18nKey="localApiKeys" components={{ code: <code /> }} />
            </p>
            <label>
              {t('port')} <input value={port} onChange={(e) => setPort(e.target.value.replace(/\D/g, '').slice(0, 5))} disabled={apiUrl !== null} />
            </label>
            <button type="button" onClick={() => void toggleApi()}>
              {apiUrl ? t('stopApi') : t('startApi')}
            </button>
            {apiUrl && (
              <p>
                <Trans t={t} i18nKey="listening" values={{ url: apiUrl }} components={{ code: <code /> }} />
              </p>
            )}
            {apiUrl && localKey && (
              <p>
                X-API-Key: <code data-testid="local-api-key">{localKey}</code>
              </p>
            )}
          </div>
        )}
        <TeamStoreSetting />
      </details>
      <DatafordelerKeySetting />
      <p className="app-version" data-testid="app-version">
        {t('version', { version: APP_VERSION })}
      </p>
      <button type="button" className="close" onClick={() => setOpen(false)} aria-label={t('close')}>
        ×
      </button>
    </ModalDialog>
  );
}
