import { projections } from '../geo/projections.js';

/**
 * Once the first view's parcels are drawn, when the page is next idle: the code a first click or
 * search needs and the entry leaves out (proj4 for the panel's UTM line, the units table), so that
 * it does not wait for those chunks (docs/performance.md "Renderer").
 */
export function prefetchAfterFirstView(): void {
  const fetchThem = () => {
    projections.load().catch(() => undefined);
    import('../units/UnitsTable.js').catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchThem, { timeout: 2_000 });
  else setTimeout(fetchThem, 200);
}
