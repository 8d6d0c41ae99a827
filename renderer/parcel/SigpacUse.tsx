import { useEffect, useState } from 'react';
import { rusticParts, type AgroResult, type AnalysisResults, type Parcel } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { useCountryCapability } from '../state/countries.js';
import { ErrorDetails } from '../errors/ErrorDetails.js';
import { needsConnection, toUiError } from '../errors/advice.js';
import { formatHectares, formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import type { UiError } from '../state/store.js';

type State = { status: 'loading' } | { status: 'done'; agro: AgroResult | null } | { status: 'error'; error: UiError };

/** SIGPAC, Spain's agricultural parcel register, speaks of rustic land named by polígono and parcela: both capabilities, and a rustic reference. */
export function useHasSigpacUse(parcel: Parcel | null): boolean {
  const sigpac = useCountryCapability(parcel?.pais, 'sigpac');
  const rustic = useCountryCapability(parcel?.pais, 'rusticParcel');
  return !!parcel && sigpac && rustic && rusticParts(parcel.refCatastral) !== undefined;
}

/**
 * The SIGPAC use of a rustic parcel (the agricultural register's enclosure under its point, spec
 * endpoint 8); when the service cannot reach it, it says calmly that it needs a connection.
 */
export function SigpacUse({ parcel }: { parcel: Parcel }) {
  const { t } = useTranslation('parcel');
  const client = useClient();
  const [state, setState] = useState<State>({ status: 'loading' });
  const ref = parcel.refCatastral;
  const country = parcel.pais;

  // Asked whatever the basemap probe says: "offline" there means the map tiles' host does not
  // answer (a proxy may block it), not that the service cannot reach SIGPAC; its answer tells.
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    (client.call('analysis', { kind: 'agro', refcat: ref, country }) as Promise<AnalysisResults['agro']>).then(
      (result) => {
        if (live) setState({ status: 'done', agro: result.agro });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', error: toUiError(t('sigpac.failed'), error) });
      },
    );
    return () => {
      live = false;
    };
  }, [client, ref, country, t]);

  let body;
  const unreachable = state.status === 'error' && needsConnection(state.error);
  if (unreachable) {
    body = (
      <span className="muted">
        {t('sigpac.needsConnection')}
        {state.status === 'error' && <ErrorDetails error={state.error} />}
      </span>
    );
  } else if (state.status === 'loading') {
    body = <span className="muted">{t('sigpac.loading')}</span>;
  } else if (state.status === 'error') {
    body = (
      <span>
        {state.error.message} <ErrorDetails error={state.error} />
      </span>
    );
  } else if (!state.agro) {
    body = <span className="muted">{t('sigpac.none')}</span>;
  } else {
    const { agro } = state;
    const r = agro.recinto;
    body = (
      <span>
        <strong>{agro.uso_suelo}</strong>
        {agro.cultivo_principal && agro.cultivo_principal !== 'sin cultivo' && ` (${agro.cultivo_principal})`}
        {r && <> · {t('sigpac.enclosure', { id: [r.provincia, r.municipio, r.poligono, r.parcela, r.recinto].join(':') })}</>}
        {agro.superficie_ha !== undefined && <> · {formatHectares(agro.superficie_ha * 10_000)}</>}
        {agro.coef_regadio !== undefined && agro.coef_regadio > 0 && <> · {t('sigpac.irrigation', { value: formatNumber(agro.coef_regadio) })}</>}
        {r?.pendiente_media !== undefined && <> · {t('sigpac.slope', { value: formatNumber(r.pendiente_media, 1) })}</>}
      </span>
    );
  }
  return (
    <dl className="facts sigpac" data-testid="sigpac-use" data-state={unreachable ? 'offline' : state.status}>
      <div>
        <dt>{t('sigpac.label')}</dt>
        <dd>{body}</dd>
      </div>
    </dl>
  );
}
