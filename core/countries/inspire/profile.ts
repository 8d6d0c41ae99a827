import type { CountryCode } from '../../model/index.js';
import type { InspireParcelIds } from '../../formats/inspire-parcels.js';

/**
 * One country's INSPIRE Cadastral Parcels WFS 2.0, as data: a country served this way is this
 * row plus its reference rules. The answers are read by the same GML reader as Spain's INSPIRE
 * files (formats/inspire-parcels.ts), which also takes MapServer's flat schema.
 */
export interface InspireWfsProfile {
  country: CountryCode;
  /** Name of the source (its circuit breaker and error messages). */
  source: string;
  /** Feature type asked (`cp:CadastralParcel`; MapServer: `CP:CadastralParcel`). */
  typeName: string;
  /** CRS of the answers (`SRSNAME`, URN form); its axis order is the EPSG one. */
  srsEpsg: number;
  /** CRS the BBOX is written in (URN form appended to BBOX); axis order from core/geo/crs.ts. */
  bboxEpsg: number;
  /** Half-size of the box asked around a point, in metres: the service filters by BBOX only, the adapter then tests containment. */
  pointBoxMetres: number;
  /** The national reference of a parcel in the answers (nationalCadastralReference, localId…). */
  referenceOf(ids: InspireParcelIds): string | undefined;
  /** Query parameters that ask one parcel by reference (a stored query); undefined: the service finds parcels by BBOX only. */
  byReference?(ref: string): Record<string, string>;
}
