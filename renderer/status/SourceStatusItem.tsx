import { useEffect, useState } from 'react';
import type { ServiceStatus } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { formatDateTime } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import { isDown, summarizeSources } from './source-summary.js';
import { SourcesCheck } from './SourcesCheck.js';
import './status.css';

/** How often the item asks the core for its sources' state (the core checks them every 5 min). */
export const STATUS_REFRESH_MS = 60_000;

/**
 * The status-bar item: how many cadastral sources answer, and which countries' sources do not,
 * visible before the user searches there; opening it lists every source with its last check.
 */
export function SourceStatusItem({ refreshMs = STATUS_REFRESH_MS }: { refreshMs?: number }) {
  const { t } = useTranslation('status');
  const client = useClient();
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  // The list is rendered once opened: some sixty rows with their dates were a tenth of the first view's CPU.
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let alive = true;
    const load = () =>
      client.call('status').then(
        (s) => {
          if (alive) setStatus(s);
        },
        () => {
          if (alive) setStatus(null);
        },
      );
    load();
    const timer = setInterval(load, refreshMs);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [client, refreshMs]);

  if (!status) return null;
  const summary = summarizeSources(status);
  const state = summary.checked === 0 ? 'unknown' : summary.countriesDown.length > 0 ? 'degraded' : 'ok';
  return (
    <details
      className={`source-status source-status-${state}`}
      data-testid="source-status"
      data-state={state}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary title={t(`summary.${state}.detail`)}>
        <span className="dot" aria-hidden="true" />
        {state === 'unknown' ? t('summary.unknown.short') : t('summary.answering', { answering: summary.answering, count: summary.total })}
        {summary.countriesDown.length > 0 && (
          <span className="countries-down" data-testid="countries-down" title={summary.countriesDown.join(', ')}>
            {t('summary.countriesDown', { countries: summary.countriesDown.join(', '), count: summary.countriesDown.length })}
          </span>
        )}
      </summary>
      <div className="source-panel">
        {/* First in the panel: its result shows where the button is, above some sixty sources. */}
        <SourcesCheck />
        {open && (
          <ul className="source-list">
            {status.sources.map((source) => (
              <li key={source.name} data-health={isDown(source) ? 'down' : source.health}>
                <strong>{source.name}</strong> <span className="countries">({source.countries.join(', ')})</span>
                {' — '}
                {source.breaker === 'open' ? t('source.paused') : t(`source.${source.health}`)}
                {source.lastCheck && (
                  <span className="last-check">
                    {' · '}
                    {t('source.lastCheck', { time: formatDateTime(source.lastCheck.at), latency: source.lastCheck.latencyMs })}
                  </span>
                )}
                {/* The core's words for a source that is down (e.g. Denmark: no Datafordeler key configured). */}
                {source.lastCheck?.reason && (
                  <span className="check-reason" data-testid="check-reason">
                    {' '}
                    ({source.lastCheck.reason})
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
