import { useEffect, useState } from 'react';
import type { TeamStoreView } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { Trans, useTranslation } from '../i18n/i18n.js';
import { useSettingChange } from './use-setting-change.js';

/**
 * Settings → Team store. Desktop: a postgres:// URL of a shared PostgreSQL/PostGIS database the
 * app then works on (the main process checks, connects and keeps it; the password is never shown
 * back), or back to this computer's copy. Browser: the server chose the store (`catastro serve --store`).
 */
export function TeamStoreSetting() {
  const { t } = useTranslation('settings');
  const client = useClient();
  const desktop = client.desktop?.teamStore ? client.desktop : undefined;
  const [view, setView] = useState<TeamStoreView | null>(null);
  const [url, setUrl] = useState('');
  // Failures are said here, beside the field: the main process's message names the database (never its password).
  const { busy, failure, change } = useSettingChange(desktop?.setTeamStore, (next) => {
    setView(next);
    setUrl('');
  });
  useEffect(() => {
    void desktop
      ?.teamStore?.()
      .then(setView)
      .catch(() => setView(null));
  }, [desktop]);

  if (!desktop) {
    return (
      <div data-testid="team-store">
        <h3>{t('teamStore')}</h3>
        <p data-testid="team-store-server">
          <Trans t={t} i18nKey="teamStoreServer" components={{ code: <code /> }} />
        </p>
      </div>
    );
  }

  return (
    <div data-testid="team-store">
      <h3>{t('teamStore')}</h3>
      <p>{t('teamStoreHelp')}</p>
      {view && (
        <p data-testid="team-store-current">
          {view.store === 'postgres' ? (
            <Trans t={t} i18nKey="teamStoreCurrent" values={{ where: view.where }} components={{ code: <code /> }} />
          ) : (
            t('teamStoreCurrentLocal')
          )}
          {view.fromEnvironment && ` ${t('teamStoreFromEnv')}`}
        </p>
      )}
      {!view?.fromEnvironment && (
        <>
          <label>
            {t('teamStoreUrl')}
            <input
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="postgres://user:password@host:5432/catastro"
              maxLength={2048}
              data-testid="team-store-url"
            />
          </label>
          <button type="button" disabled={busy || url.trim() === ''} onClick={() => void change(url)}>
            {t('teamStoreUse')}
          </button>
          {view?.store === 'postgres' && (
            <button type="button" disabled={busy} onClick={() => void change(null)}>
              {t('teamStoreLocal')}
            </button>
          )}
          {failure && (
            <p role="alert" className="error" data-testid="team-store-error">
              {t('teamStoreFailed')}: {failure}
            </p>
          )}
        </>
      )}
    </div>
  );
}
