import { useState } from 'react';
import type { SourcesCheckReport } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { useTranslation } from '../i18n/i18n.js';

type CheckState = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; report: SourcesCheckReport } | { kind: 'failed'; message: string };

/**
 * "Check the sources" on the status page: one real lookup per capability of every country,
 * compared with the known answers (as `catastro sources check`), shown as a table. Only where the
 * app may start it (the desktop app, `catastro start`'s browser app): a plain `catastro serve`
 * tab has no such operation.
 */
export function SourcesCheck() {
  const { t } = useTranslation('status');
  const client = useClient();
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  const check = client.checkSourcesLive?.bind(client);
  if (!check) return null;

  const run = () => {
    setState({ kind: 'running' });
    check().then(
      (report) => setState({ kind: 'done', report }),
      (error: Error) => setState({ kind: 'failed', message: error.message }),
    );
  };
  const failed = state.kind === 'done' ? state.report.rows.filter((row) => !row.matches).length : 0;
  return (
    <section className="sources-check" data-testid="sources-check">
      <button type="button" onClick={run} disabled={state.kind === 'running'} title={t('check.detail')}>
        {state.kind === 'running' ? t('check.running') : t('check.run')}
      </button>
      {state.kind === 'failed' && <p role="alert">{t('check.failed', { message: state.message })}</p>}
      {state.kind === 'done' && (
        <>
          <p data-testid="sources-check-verdict" data-passed={state.report.passed}>
            {state.report.passed ? t('check.passed') : t('check.notPassed', { failed, total: state.report.rows.length })}
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('check.country')}</th>
                <th scope="col">{t('check.capability')}</th>
                <th scope="col">{t('check.answered')}</th>
                <th scope="col">{t('check.matches')}</th>
                <th scope="col">{t('check.time')}</th>
              </tr>
            </thead>
            <tbody>
              {state.report.rows.map((row) => (
                <tr key={`${row.country}-${row.capability}`} data-matches={row.matches} title={[row.asked, row.detail].filter(Boolean).join(' — ')}>
                  <td>{row.country}</td>
                  <td>{t(`check.capabilities.${row.capability}`)}</td>
                  <td>{row.answered ? t('check.yes') : t('check.no')}</td>
                  <td>{row.matches ? t('check.yes') : t('check.no')}</td>
                  <td>{t('check.ms', { ms: row.ms })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
