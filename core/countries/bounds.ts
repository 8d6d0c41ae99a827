import { bboxContains } from '../geo/bbox.js';
import { validationError, type LonLat } from '../model/index.js';
import type { CountryAdapter } from './adapter.js';

/** Spec endpoint 4: 400 when the point is outside the bounds of the given or detected country. */
export function requireInBounds(adapter: Pick<CountryAdapter, 'bounds' | 'name' | 'code'>, point: LonLat): void {
  if (bboxContains(adapter.bounds, point)) return;
  const [lon, lat] = point;
  throw validationError(`Coordinates ${lat}, ${lon} are outside ${adapter.name} (${adapter.code}); check the order (latitude, longitude) or pass the right country.`);
}
