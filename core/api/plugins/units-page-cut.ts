import type { UnitsPage } from '../../model/index.js';

/**
 * A units page cut to the units a caller can still pay for (spec Limits: `/units` costs one
 * unit per unit served). The cut page is an ordinary page: `truncated` true and `nextCursor`
 * the last unit served, so the client goes on with the next page when its quota allows.
 */
export function cutUnitsPage(page: UnitsPage, maxUnits: number): UnitsPage {
  const keep = Math.max(1, Math.floor(maxUnits));
  if (page.unidades.length <= keep) return page;
  const unidades = page.unidades.slice(0, keep);
  return { ...page, unidades, totalUnidades: unidades.length, truncated: true, nextCursor: unidades[unidades.length - 1].refCatastral };
}
