import { buildingStandsOn } from '../../geo/building-on-parcel.js';
import { areaM2, bboxOf } from '../../geo/polygon.js';
import { unavailable, type ParcelGeometry } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';

export const BDTOPO_SOURCE = 'IGN BD TOPO (Géoplateforme WFS)';

/**
 * IGN BD TOPO `batiment` through the Géoplateforme WFS 2.0 (`https://data.geopf.fr/wfs/ows`,
 * typeName `BDTOPO_V3:batiment`, GeoJSON in EPSG:4326), as public client code asks it; the box is
 * written lon,lat (minX,minY,maxX,maxY) with `EPSG:4326`, the order a public client reports
 * verified against the live service. Attributes read (BD TOPO v3 names, as those clients read
 * them): `usage_1`, `nombre_de_logements`, `nombre_d_etages`, `date_d_apparition`. No answer was
 * recorded: the fake's answers are written by hand in this shape.
 */
export function batimentsUrl(base: string, parcel: ParcelGeometry): string {
  const [w, s, e, n] = bboxOf(parcel);
  return `${base}?${new URLSearchParams({
    SERVICE: 'WFS',
    VERSION: '2.0.0',
    REQUEST: 'GetFeature',
    TYPENAMES: 'BDTOPO_V3:batiment',
    OUTPUTFORMAT: 'application/json',
    SRSNAME: 'EPSG:4326',
    COUNT: '200',
    BBOX: `${w},${s},${e},${n},EPSG:4326`,
  })}`;
}

/** What the parcel's buildings say, in the spec's fields; a field none of them gives is left out. */
export type BuildingFacts = Pick<StoredParcel, 'uso' | 'superficieConstruida' | 'anioConstruccion' | 'declaredDwellings'>;

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/**
 * The buildings standing on the parcel (`buildingStandsOn`: the box also catches the
 * neighbours'). Use and year are the largest building's; dwellings the sum; built area
 * the footprints times their floors, and only when every building gives its floors (a guessed
 * floor count would be an invented figure).
 */
export function parseBatiments(body: string, parcel: ParcelGeometry): BuildingFacts {
  let answer: { features?: unknown };
  try {
    answer = JSON.parse(body) as { features?: unknown };
  } catch {
    throw unavailable(`${BDTOPO_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (!Array.isArray(answer.features)) throw unavailable(`${BDTOPO_SOURCE} sent an unexpected document (no features); retry later.`);
  const onParcel = (answer.features as { geometry?: ParcelGeometry; properties?: Record<string, unknown> }[])
    .filter((f) => (f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon') && buildingStandsOn(f.geometry, parcel))
    .map((f) => ({ footprint: areaM2(f.geometry!), props: f.properties ?? {} }))
    .sort((a, b) => b.footprint - a.footprint);
  if (onParcel.length === 0) return {};
  const main = onParcel[0].props;
  const year = /^(\d{4})/.exec(typeof main.date_d_apparition === 'string' ? main.date_d_apparition : '')?.[1];
  const dwellings = onParcel.map((b) => num(b.props.nombre_de_logements));
  const floors = onParcel.map((b) => num(b.props.nombre_d_etages));
  const facts: BuildingFacts = {
    uso: typeof main.usage_1 === 'string' && main.usage_1.trim() ? main.usage_1.trim() : undefined,
    anioConstruccion: year ? Number(year) : undefined,
    declaredDwellings: dwellings.some((d) => d !== undefined) ? dwellings.reduce<number>((sum, d) => sum + (d ?? 0), 0) : undefined,
    superficieConstruida: floors.every((f) => f !== undefined) ? Math.round(onParcel.reduce((sum, b, i) => sum + b.footprint * floors[i]!, 0)) : undefined,
  };
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)) as BuildingFacts;
}
