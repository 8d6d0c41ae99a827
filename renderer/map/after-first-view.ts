import { projections } from '../geo/projections.js';
import { formatDate } from '../i18n/format.js';

/**
 * Once the first view's parcels are drawn, when the page is next idle: the code a first click or
 * search needs and the entry leaves out (proj4 for the panel's UTM line, the units table), so that
 * it does not wait for those chunks (docs/performance.md "Renderer"); and the panel's date format,
 * whose first Intl.DateTimeFormat loads ICU's date data (about 100 ms of a busy laptop's CPU).
 */
export function prefetchAfterFirstView(): void {
  const fetchThem = () => {
    projections.load().catch(() => undefined);
    import('../units/UnitsTable.js').catch(() => undefined);
    formatDate('2026-01-01');
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchThem, { timeout: 2_000 });
  else setTimeout(fetchThem, 200);
}
