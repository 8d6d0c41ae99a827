import type { Parcel } from '../../core/model/index.js';
import { formatArea, formatDate, formatPercent } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import { CopyButton } from './CopyButton.js';
import { describeSource } from './format.js';

type Row = [label: string, value: string | number | undefined];

function Rows({ rows }: { rows: Row[] }) {
  const shown = rows.filter(([, value]) => value !== undefined && value !== '');
  return (
    <dl className="facts">
      {shown.map(([label, value]) => (
        <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
      ))}
    </dl>
  );
}

/** What the identify tool shows about one parcel or unit; the attribution is mandatory (spec). */
export function ParcelDetails({ parcel, heading }: { parcel: Parcel; heading?: string }) {
  const { t } = useTranslation('parcel');
  const isUnit = parcel.refCatastral.length === 20;
  const title = heading ?? t('parcelHeading');
  return (
    <section className="parcel-details" aria-label={`${title} ${parcel.refCatastral}`}>
      <h2>
        {title}{' '}
        <span className="ref" data-testid={isUnit ? 'unit-ref' : 'parcel-ref'}>{parcel.refCatastral}</span>
        <CopyButton value={parcel.refCatastral} label={t('copyReference')} />
      </h2>
      {parcel.direccion && <p className="address">{parcel.direccion}</p>}
      <Rows rows={[
        [t('field.municipality'), [parcel.municipio, parcel.provincia].filter(Boolean).join(', ')],
        [t('field.postcode'), parcel.codigoPostal],
        [t('field.use'), parcel.uso],
        [t('field.class'), parcel.clase],
        [t('field.parcelArea'), formatArea(parcel.superficieParcela)],
        [t('field.builtArea'), formatArea(parcel.superficieConstruida)],
        [t('field.yearBuilt'), parcel.anioConstruccion],
        [t('field.share'), formatPercent(parcel.participacion) ?? parcel.coefParticipacion],
        [t('field.stairFloorDoor'), isUnit ? [parcel.escalera, parcel.planta, parcel.puerta].map((v) => v || '–').join(' / ') : undefined],
        [t('field.centroid'), `${parcel.latitud.toFixed(6)}, ${parcel.longitud.toFixed(6)}`],
        [t('field.source'), describeSource(parcel.dataSource)],
        [t('field.dataDate'), formatDate(parcel.dataDate)],
      ]} />
      <p className="links">
        <a href={parcel.mapsUrl} target="_blank" rel="noreferrer">{t('openWebMap')}</a>
      </p>
      <p className="attribution" data-testid="attribution">
        {t('attribution', { source: parcel.attribution ?? 'Dirección General del Catastro' })}
      </p>
    </section>
  );
}
