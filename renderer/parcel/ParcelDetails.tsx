import { useMemo, type ReactNode } from 'react';
import { DEGREE_DECIMALS, referencePart, rusticParts, type Parcel } from '../../core/model/index.js';
import { rusticPlaceName } from '../../core/countries/es/reference.js';
import { projections } from '../geo/projections.js';
import { formatArea, formatDate, formatDateTime, formatHectares, formatNumber, formatPercent } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import { useCountryCapability, useReferenceParts } from '../state/countries.js';
import { CopyButton } from './CopyButton.js';
import { describeCountry, describeSource } from './format.js';

type Row = [label: string, value: ReactNode];

function Rows({ rows }: { rows: Row[] }) {
  const shown = rows.filter(([, value]) => value !== undefined && value !== '' && value !== null);
  return (
    <dl className="facts">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The Catastro writes 1900 where it does not know the year a building was built. */
export const UNKNOWN_YEAR_MARK = 1900;

/** What the identify tool shows about one parcel or unit; the attribution is mandatory (spec). */
export function ParcelDetails({ parcel, heading }: { parcel: Parcel; heading?: string }) {
  const { t } = useTranslation('parcel');
  // When this answer came: a live one is dated by the asking (its dataDate is only that day), not as the copy's data.
  const answeredAt = useMemo(() => new Date().toISOString(), [parcel]);
  const sourceRows: Row[] =
    parcel.dataSource === 'catastro'
      ? [
          [t('field.source'), t('liveSource', { source: parcel.attribution ?? describeSource(parcel.dataSource) })],
          [t('field.askedAt'), formatDateTime(answeredAt)],
        ]
      : [
          [t('field.source'), describeSource(parcel.dataSource)],
          [t('field.dataDate'), formatDate(parcel.dataDate)],
        ];
  const isUnit = parcel.refCatastral.length === 20;
  const title = heading ?? t('parcelHeading');
  const rustic = useCountryCapability(parcel.pais, 'rusticParcel') ? rusticParts(parcel.refCatastral) : undefined;
  // Where the reference names the commune (France's IDU begins with its INSEE code), `provincia` is the département.
  const referenceParts = useReferenceParts(parcel.pais);
  const commune = referencePart(parcel.refCatastral, referenceParts, 'commune');
  const placeRows: Row[] = commune
    ? [
        [t('field.commune'), parcel.municipio ? `${parcel.municipio} (${commune})` : commune],
        [t('field.departement'), parcel.provincia],
      ]
    : [[t('field.municipality'), [parcel.municipio, parcel.provincia].filter(Boolean).join(', ')]];
  // The UTM line and the viewer link need proj4, fetched after the first view: shown once it is there.
  const projected = projections.use();
  const utm = projected?.toUtm(parcel.longitud, parcel.latitud);
  const latLon = `${parcel.latitud.toFixed(DEGREE_DECIMALS)}, ${parcel.longitud.toFixed(DEGREE_DECIMALS)}`;
  // The country's official viewer where its deep link is documented (the same rule as the report's).
  const viewer = projected?.officialViewerLink(parcel);
  // Farmland is measured in hectares; both units for rustic land and for any parcel of a hectare or more.
  const area =
    parcel.superficieParcela === undefined
      ? undefined
      : rustic || parcel.superficieParcela >= 10_000
        ? `${formatArea(parcel.superficieParcela)} (${formatHectares(parcel.superficieParcela)})`
        : formatArea(parcel.superficieParcela);
  const year =
    parcel.anioConstruccion === undefined ? undefined : parcel.anioConstruccion === UNKNOWN_YEAR_MARK ? (
      <>
        {parcel.anioConstruccion}{' '}
        <small className="note" data-testid="unknown-year-note">
          {t('unknownYear')}
        </small>
      </>
    ) : (
      parcel.anioConstruccion
    );
  return (
    <section className="parcel-details" aria-label={`${title} ${parcel.refCatastral}`}>
      <div className="parcel-title">
        <h2>
          {title}{' '}
          <span className="ref" data-testid={isUnit ? 'unit-ref' : 'parcel-ref'}>
            {parcel.refCatastral}
          </span>
        </h2>
        <CopyButton value={parcel.refCatastral} label={t('copyReference')} />
      </div>
      {parcel.direccion && <p className="address">{parcel.direccion}</p>}
      <Rows
        rows={[
          [t('field.country'), describeCountry(parcel.pais)],
          ...placeRows,
          [t('field.poligonoParcela'), rustic && !isUnit ? t('poligonoParcelaValue', { poligono: rustic.poligono, parcela: rustic.parcela }) : undefined],
          [t('field.paraje'), rustic ? rusticPlaceName(parcel.direccion) : undefined],
          [t('field.postcode'), parcel.codigoPostal],
          [t('field.use'), parcel.uso],
          [t('field.class'), parcel.clase],
          [t('field.parcelArea'), area],
          [t('field.builtArea'), formatArea(parcel.superficieConstruida)],
          [t('field.yearBuilt'), year],
          [t('field.share'), formatPercent(parcel.participacion) ?? parcel.coefParticipacion],
          [t('field.stairFloorDoor'), isUnit ? [parcel.escalera, parcel.planta, parcel.puerta].map((v) => v || '–').join(' / ') : undefined],
          [
            t('field.centroid'),
            <span className="coordinates" data-testid="centroid">
              {latLon} <CopyButton value={latLon} label={t('copyCoordinates')} />
            </span>,
          ],
          [
            t('field.utm'),
            utm && (
              <span className="coordinates" data-testid="centroid-utm">
                {t('utmValue', { zone: utm.zone, easting: formatNumber(Math.round(utm.easting)), northing: formatNumber(Math.round(utm.northing)) })}{' '}
                <CopyButton value={`${Math.round(utm.easting)} ${Math.round(utm.northing)}`} label={t('copyUtm')} />
              </span>
            ),
          ],
          ...sourceRows,
        ]}
      />
      <p className="links">
        <a href={parcel.mapsUrl} target="_blank" rel="noreferrer">
          {t('openWebMap')}
        </a>
        {viewer && (
          <a href={viewer.url} target="_blank" rel="noreferrer" data-testid="official-viewer">
            {t('openOfficialViewer', { name: viewer.name })}
          </a>
        )}
      </p>
      <p className="attribution" data-testid="attribution">
        {t('attribution', { source: parcel.attribution ?? 'Dirección General del Catastro' })}
      </p>
    </section>
  );
}
