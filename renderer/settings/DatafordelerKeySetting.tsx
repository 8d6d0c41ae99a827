import { useEffect, useState } from 'react';
import type { DatafordelerKeyView } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { useTranslation } from '../i18n/i18n.js';
import { useSettingChange } from './use-setting-change.js';

/**
 * Settings → Denmark (desktop only): the Datafordeler API key every Danish lookup needs since DAWA
 * closed. The main process keeps it encrypted by the system and never sends it back; this only
 * learns whether one is kept. The browser app's server takes it from CATASTRO_DK_DATAFORDELER_API_KEY.
 */
export function DatafordelerKeySetting() {
  const { t } = useTranslation('settings');
  const desktop = useClient().desktop;
  const [view, setView] = useState<DatafordelerKeyView | null>(null);
  const [key, setKey] = useState('');
  const { busy, failure, change } = useSettingChange(desktop?.setDatafordelerKey, (next) => {
    setView(next);
    setKey('');
  });
  useEffect(() => {
    void desktop
      ?.datafordelerKey?.()
      .then(setView)
      .catch(() => setView(null));
  }, [desktop]);
  if (!desktop?.setDatafordelerKey) return null;

  return (
    <div data-testid="datafordeler-key">
      <h3>{t('dkKey')}</h3>
      <p>{t('dkKeyHelp')}</p>
      {view && (
        <p data-testid="datafordeler-key-current">
          {view.configured ? t('dkKeySet') : t('dkKeyMissing')}
          {view.fromEnvironment && ` ${t('dkKeyFromEnv')}`}
        </p>
      )}
      {view &&
        !view.fromEnvironment &&
        (view.canStore ? (
          <>
            <label>
              {t('dkKeyInput')}
              <input
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={key}
                onChange={(e) => setKey(e.target.value)}
                maxLength={256}
                data-testid="datafordeler-key-input"
              />
            </label>
            <button type="button" disabled={busy || key.trim() === ''} onClick={() => void change(key)}>
              {t('dkKeySave')}
            </button>
            {view.configured && (
              <button type="button" disabled={busy} onClick={() => void change(null)}>
                {t('dkKeyRemove')}
              </button>
            )}
          </>
        ) : (
          <p data-testid="datafordeler-key-no-storage">{t('dkKeyNoStorage')}</p>
        ))}
      {failure && (
        <p role="alert" className="error" data-testid="datafordeler-key-error">
          {failure}
        </p>
      )}
    </div>
  );
}
