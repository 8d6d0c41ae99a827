import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';

export function ConnectivityBadge() {
  const { t } = useTranslation('map');
  const connectivity = useAppStore((s) => s.connectivity);
  return (
    <span
      className={`badge badge-${connectivity}`}
      data-testid="connectivity"
      data-state={connectivity}
      title={t(`connectivity.${connectivity}.detail`)}
      role="status"
    >
      <span className="dot" aria-hidden="true" />
      {t(`connectivity.${connectivity}.short`)}
    </span>
  );
}
