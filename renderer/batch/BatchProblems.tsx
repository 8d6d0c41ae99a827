import { batchRowReason, nextStepOf, requireOutputLanguage, type BatchState, type NextStep } from '../../core/model/index.js';
import { formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';

const STEPS: NextStep[] = ['fix_row', 'retry_online'];

/**
 * The rows a batch found nothing for, split as the result files' `next_step` splits them: rows to
 * fix (a typo, an unknown reference) and rows to retry with a connection. Each reason is a plain
 * sentence in the user's language, the spec's code in its own column; the service's English text
 * stays on hover, for support.
 */
export function BatchProblems({ problems }: { problems: BatchState['problems'] }) {
  const { t, i18n } = useTranslation('batch');
  // The result files say the same sentences (core/model/batch-reasons.ts); every interface language is an output language.
  const language = requireOutputLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <>
      {STEPS.map((step) => {
        const rows = problems.filter((p) => nextStepOf(p) === step);
        if (rows.length === 0) return null;
        return (
          <section key={step} className="batch-step" data-testid={`batch-problems-${step}`}>
            <h4>{t(`nextStep.${step}`, { rows: formatNumber(rows.length) })}</h4>
            <table className="batch-problems">
              <thead>
                <tr>
                  <th>{t('row')}</th>
                  <th>{t('status')}</th>
                  <th>{t('code')}</th>
                  <th>{t('reason')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.row}>
                    <td>{p.row}</td>
                    <td>{t(`rowStatus.${p.status}`)}</td>
                    <td>
                      <code>{p.code}</code>
                    </td>
                    <td title={p.reason}>{batchRowReason(p.code, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}
