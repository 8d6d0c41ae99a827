import type { Parcel } from '../../core/model/index.js';
import { CopyButton } from './CopyButton.js';
import { describeSource, formatArea, formatPercent } from './format.js';

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
export function ParcelDetails({ parcel, heading = 'Parcel' }: { parcel: Parcel; heading?: string }) {
  const isUnit = parcel.refCatastral.length === 20;
  return (
    <section className="parcel-details" aria-label={`${heading} ${parcel.refCatastral}`}>
      <h2>
        {heading}{' '}
        <span className="ref" data-testid={isUnit ? 'unit-ref' : 'parcel-ref'}>{parcel.refCatastral}</span>
        <CopyButton value={parcel.refCatastral} label="Copy reference" />
      </h2>
      {parcel.direccion && <p className="address">{parcel.direccion}</p>}
      <Rows rows={[
        ['Municipality', [parcel.municipio, parcel.provincia].filter(Boolean).join(', ')],
        ['Postcode', parcel.codigoPostal],
        ['Use', parcel.uso],
        ['Class', parcel.clase],
        ['Parcel area', formatArea(parcel.superficieParcela)],
        ['Built area', formatArea(parcel.superficieConstruida)],
        ['Year built', parcel.anioConstruccion],
        ['Share', formatPercent(parcel.participacion) ?? parcel.coefParticipacion],
        ['Staircase / floor / door', isUnit ? [parcel.escalera, parcel.planta, parcel.puerta].map((v) => v || '–').join(' / ') : undefined],
        ['Centroid', `${parcel.latitud.toFixed(6)}, ${parcel.longitud.toFixed(6)}`],
        ['Source', describeSource(parcel.dataSource)],
        ['Data date', parcel.dataDate],
      ]} />
      <p className="links">
        <a href={parcel.mapsUrl} target="_blank" rel="noreferrer">Open in web map ↗</a>
      </p>
      <p className="attribution" data-testid="attribution">
        Source: {parcel.attribution ?? 'Dirección General del Catastro'}
      </p>
    </section>
  );
}
