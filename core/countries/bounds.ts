import { bboxContains } from '../geo/bbox.js';
import { pointText, validationError, type LonLat } from '../model/index.js';
import type { CountryAdapter } from './adapter.js';

/** Spec endpoint 4: 400 when the point is outside the bounds of the given or detected country. */
export function requireInBounds(adapter: Pick<CountryAdapter, 'bounds' | 'name' | 'code'>, point: LonLat): void {
  if (bboxContains(adapter.bounds, point)) return;
  throw validationError(
    `Coordinates ${pointText(point)} are outside ${adapter.name} (${adapter.code}); check the order (latitude, longitude) or pass the right country.`,
  );
}
